#include "CPoppler.h"

#include <poppler/cpp/poppler-document.h>
#include <poppler/cpp/poppler-global.h>
#include <poppler/cpp/poppler-image.h>
#include <poppler/cpp/poppler-page.h>
#include <poppler/cpp/poppler-page-renderer.h>

#include <memory>
#include <mutex>
#include <new>
#include <vector>

struct AnimatePDFDocument {
    std::vector<char> bytes;
    std::unique_ptr<poppler::document> document;
};

namespace {
std::mutex popplerLock;

// Poppler reports problems on stderr unless told otherwise; callers report their own.
void quiet(const std::string &, void *) {}

void prepare() {
    static bool ready = false;
    if (!ready) {
        poppler::set_debug_error_function(quiet, nullptr);
        ready = true;
    }
}

bool turned(poppler::page *page) {
    auto orientation = page->orientation();
    return orientation == poppler::page::landscape || orientation == poppler::page::seascape;
}
}

extern "C" AnimatePDFDocument *animate_pdf_open(const void *bytes, long count, int *error) {
    std::lock_guard<std::mutex> guard(popplerLock);
    prepare();
    *error = AnimatePDFUnreadable;
    if (count <= 0 || count > (1L << 30)) return nullptr;
    try {
        auto result = std::make_unique<AnimatePDFDocument>();
        result->bytes.assign(static_cast<const char *>(bytes), static_cast<const char *>(bytes) + count);
        result->document.reset(poppler::document::load_from_raw_data(result->bytes.data(), int(count)));
        if (!result->document) return nullptr;
        if (result->document->is_locked()) { *error = AnimatePDFLocked; return nullptr; }
        if (result->document->pages() < 1) { *error = AnimatePDFNoPages; return nullptr; }
        *error = 0;
        return result.release();
    } catch (...) {
        return nullptr;
    }
}

extern "C" void animate_pdf_close(AnimatePDFDocument *document) {
    std::lock_guard<std::mutex> guard(popplerLock);
    delete document;
}

extern "C" int animate_pdf_page_count(const AnimatePDFDocument *document) {
    std::lock_guard<std::mutex> guard(popplerLock);
    return document->document->pages();
}

extern "C" int animate_pdf_page_size(const AnimatePDFDocument *document, int index, double *width, double *height) {
    std::lock_guard<std::mutex> guard(popplerLock);
    try {
        std::unique_ptr<poppler::page> page(document->document->create_page(index));
        if (!page) return 0;
        auto box = page->page_rect(poppler::crop_box);
        bool swap = turned(page.get());
        *width = swap ? box.height() : box.width();
        *height = swap ? box.width() : box.height();
        return *width > 0 && *height > 0;
    } catch (...) {
        return 0;
    }
}

extern "C" int animate_pdf_render(const AnimatePDFDocument *document, int index, int width, int height, unsigned char *rgba) {
    std::lock_guard<std::mutex> guard(popplerLock);
    try {
        std::unique_ptr<poppler::page> page(document->document->create_page(index));
        if (!page || width <= 0 || height <= 0) return 0;
        auto box = page->page_rect(poppler::crop_box);
        bool swap = turned(page.get());
        double shownWidth = swap ? box.height() : box.width(), shownHeight = swap ? box.width() : box.height();
        if (!(shownWidth > 0) || !(shownHeight > 0)) return 0;
        // Splash draws on opaque paper; the page drawn on white and on black tells each
        // pixel's coverage (white minus black is the paper left showing) and its colour.
        double xres = 72.0 * width / shownWidth, yres = 72.0 * height / shownHeight;
        poppler::image pictures[2];
        for (int i = 0; i < 2; i++) {
            poppler::page_renderer renderer;
            renderer.set_render_hint(poppler::page_renderer::antialiasing, true);
            renderer.set_render_hint(poppler::page_renderer::text_antialiasing, true);
            renderer.set_render_hint(poppler::page_renderer::text_hinting, false);
            renderer.set_paper_color(i == 0 ? 0xffffffff : 0xff000000);
            renderer.set_image_format(poppler::image::format_argb32);
            pictures[i] = renderer.render_page(page.get(), xres, yres, 0, 0, width, height);
            if (!pictures[i].is_valid() || pictures[i].width() < width || pictures[i].height() < height
                || pictures[i].format() != poppler::image::format_argb32) return 0;
        }
        for (int y = 0; y < height; y++) {
            // Native-endian ARGB words: B, G, R, A in memory here.
            const unsigned char *white = reinterpret_cast<const unsigned char *>(pictures[0].const_data() + (long)y * pictures[0].bytes_per_row());
            const unsigned char *black = reinterpret_cast<const unsigned char *>(pictures[1].const_data() + (long)y * pictures[1].bytes_per_row());
            unsigned char *out = rgba + (long)y * width * 4;
            for (int x = 0; x < width; x++) {
                int shows = 0;
                for (int c = 0; c < 3; c++) shows += int(white[4 * x + c]) - int(black[4 * x + c]);
                int a = 255 - (shows + 1) / 3;
                a = a < 0 ? 0 : (a > 255 ? 255 : a);
                if (a == 0) { out[4 * x] = out[4 * x + 1] = out[4 * x + 2] = out[4 * x + 3] = 0; continue; }
                auto straight = [a](unsigned c) { unsigned v = (c * 255 + unsigned(a) / 2) / unsigned(a); return (unsigned char)(v > 255 ? 255 : v); };
                out[4 * x] = straight(black[4 * x + 2]);
                out[4 * x + 1] = straight(black[4 * x + 1]);
                out[4 * x + 2] = straight(black[4 * x]);
                out[4 * x + 3] = (unsigned char)a;
            }
        }
        return 1;
    } catch (...) {
        return 0;
    }
}
