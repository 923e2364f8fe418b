#include "CFFmpegFilter.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/version_major.h>
#include <libavutil/error.h>

#define STRINGIFY2(x) #x
#define STRINGIFY(x) STRINGIFY2(x)

// The functions, typed by their own declarations in the headers this file is built against.
static struct {
    __typeof__(&avfilter_graph_alloc) graph_alloc;
    __typeof__(&avfilter_graph_free) graph_free;
    __typeof__(&avfilter_get_by_name) get_by_name;
    __typeof__(&avfilter_graph_create_filter) graph_create_filter;
    __typeof__(&avfilter_link) link;
    __typeof__(&avfilter_graph_config) graph_config;
    __typeof__(&av_buffersrc_add_frame) buffersrc_add_frame;
    __typeof__(&av_buffersink_get_frame) buffersink_get_frame;
} api;
static int opened = AVERROR(ENOSYS);
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    // The major version the headers are: the library that matches them.
    void *library = dlopen("libavfilter.so." STRINGIFY(LIBAVFILTER_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define FIND(field, symbol) if (!(*(void **)&api.field = dlsym(library, #symbol))) return;
    FIND(graph_alloc, avfilter_graph_alloc)
    FIND(graph_free, avfilter_graph_free)
    FIND(get_by_name, avfilter_get_by_name)
    FIND(graph_create_filter, avfilter_graph_create_filter)
    FIND(link, avfilter_link)
    FIND(graph_config, avfilter_graph_config)
    FIND(buffersrc_add_frame, av_buffersrc_add_frame)
    FIND(buffersink_get_frame, av_buffersink_get_frame)
#undef FIND
    opened = 0;
}

int animate_filter_open(void) {
    pthread_once(&once, load);
    return opened;
}

void *animate_filter_graph_alloc(void) {
    return animate_filter_open() == 0 ? api.graph_alloc() : NULL;
}

void animate_filter_graph_free(void **graph) {
    if (animate_filter_open() == 0) api.graph_free((AVFilterGraph **)graph);
}

const void *animate_filter_get_by_name(const char *name) {
    return animate_filter_open() == 0 ? api.get_by_name(name) : NULL;
}

int animate_filter_graph_create_filter(void **context, const void *filter, const char *name, const char *args, void *graph) {
    if (animate_filter_open() != 0) return opened;
    return api.graph_create_filter((AVFilterContext **)context, filter, name, args, NULL, graph);
}

int animate_filter_link(void *source, unsigned source_pad, void *destination, unsigned destination_pad) {
    if (animate_filter_open() != 0) return opened;
    return api.link(source, source_pad, destination, destination_pad);
}

int animate_filter_graph_config(void *graph) {
    if (animate_filter_open() != 0) return opened;
    return api.graph_config(graph, NULL);
}

int animate_filter_buffersrc_add_frame(void *context, void *frame) {
    if (animate_filter_open() != 0) return opened;
    return api.buffersrc_add_frame(context, frame);
}

int animate_filter_buffersink_get_frame(void *context, void *frame) {
    if (animate_filter_open() != 0) return opened;
    return api.buffersink_get_frame(context, frame);
}
