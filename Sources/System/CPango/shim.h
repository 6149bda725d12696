/* Pango on FreeType (pangoft2): glyphs rendered as 8-bit coverage, which pixman composites.
   Not pangocairo: Debian's cairo links X11 and xcb, which a panel has no use for. */
#include <pango/pangoft2.h>
