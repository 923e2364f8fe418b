#ifndef ANIMATE_CFFMPEG_FILTER_H
#define ANIMATE_CFFMPEG_FILTER_H

// libavfilter, opened the first time one of these is called rather than linked: it and the
// libraries it pulls in would otherwise be loaded, and their symbols resolved, every time the
// tool starts, for the one filter a render may use (atempo). The pointers are libavfilter's own
// types (AVFilterGraph, AVFilterContext, AVFilter, AVFrame), passed through untouched.

/// 0 when libavfilter is loaded (or loads now), else a negative AVERROR.
int animate_filter_open(void);

/// `avfilter_graph_alloc`; NULL when libavfilter cannot be loaded.
void *animate_filter_graph_alloc(void);
/// `avfilter_graph_free`.
void animate_filter_graph_free(void **graph);
/// `avfilter_get_by_name`.
const void *animate_filter_get_by_name(const char *name);
/// `avfilter_graph_create_filter` (no opaque argument).
int animate_filter_graph_create_filter(void **context, const void *filter, const char *name, const char *args, void *graph);
/// `avfilter_link`.
int animate_filter_link(void *source, unsigned source_pad, void *destination, unsigned destination_pad);
/// `avfilter_graph_config` (no log context).
int animate_filter_graph_config(void *graph);
/// `av_buffersrc_add_frame`; NULL `frame` ends the stream.
int animate_filter_buffersrc_add_frame(void *context, void *frame);
/// `av_buffersink_get_frame`.
int animate_filter_buffersink_get_frame(void *context, void *frame);

#endif
