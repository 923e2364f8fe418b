#ifndef CPOPPLER_H
#define CPOPPLER_H

// Poppler's PDF reader and renderer behind a C interface Swift can import (poppler's own
// interface is C++). Every call is serialised: poppler's global state is not thread-safe.

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AnimatePDFDocument AnimatePDFDocument;

/// Why a document could not be opened.
enum AnimatePDFError { AnimatePDFUnreadable = 1, AnimatePDFLocked = 2, AnimatePDFNoPages = 3 };

/// Reads a PDF from `count` bytes (copied); NULL with `*error` set when it cannot be read.
AnimatePDFDocument *animate_pdf_open(const void *bytes, long count, int *error);
void animate_pdf_close(AnimatePDFDocument *document);
int animate_pdf_page_count(const AnimatePDFDocument *document);
/// The size of page `index` (from 0) in points as it is shown (its crop box, turned by its
/// rotation); 0 when the page cannot be read.
int animate_pdf_page_size(const AnimatePDFDocument *document, int index, double *width, double *height);
/// Draws page `index` stretched to `width` x `height` pixels, anti-aliased, on a transparent
/// background, into `rgba` (straight RGBA8, rows top to bottom, `width * 4` bytes a row); 0 on failure.
int animate_pdf_render(const AnimatePDFDocument *document, int index, int width, int height, unsigned char *rgba);

#ifdef __cplusplus
}
#endif

#endif
