#ifndef ANIMATE_CFREETYPE_SHIM_H
#define ANIMATE_CFREETYPE_SHIM_H

#include <ft2build.h>
#include <freetype/freetype.h>
#include <freetype/ftoutln.h>
#include <freetype/ftadvanc.h>
#include <freetype/tttables.h>
#include <fontconfig/fontconfig.h>

// Macros that do not import into Swift.
static inline FT_Int32 cfreetype_load_outline_flags(void) {
    return FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
}
static inline FT_Int32 cfreetype_load_color_flags(void) { return FT_LOAD_COLOR; }
/// The font's own units per em from its `head` table (bitmap-only faces report 0 in units_per_EM).
static inline int cfreetype_head_units_per_em(FT_Face face) {
    TT_Header *head = (TT_Header *)FT_Get_Sfnt_Table(face, FT_SFNT_HEAD);
    return head ? head->Units_Per_EM : 0;
}
static inline int cfreetype_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
static inline int cfreetype_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }
static inline int cfreetype_is_italic(FT_Face face) { return (face->style_flags & FT_STYLE_FLAG_ITALIC) ? 1 : 0; }
static inline int cfreetype_is_bold(FT_Face face) { return (face->style_flags & FT_STYLE_FLAG_BOLD) ? 1 : 0; }
static inline const char *cfreetype_fc_file(void) { return FC_FILE; }
static inline const char *cfreetype_fc_index(void) { return FC_INDEX; }
static inline const char *cfreetype_fc_family(void) { return FC_FAMILY; }
static inline const char *cfreetype_fc_weight(void) { return FC_WEIGHT; }
static inline const char *cfreetype_fc_slant(void) { return FC_SLANT; }
static inline const char *cfreetype_fc_charset(void) { return FC_CHARSET; }
static inline const char *cfreetype_fc_fullname(void) { return FC_FULLNAME; }
static inline const char *cfreetype_fc_style(void) { return FC_STYLE; }

#endif
