#include "CKioskSDL.h"

#include <dlfcn.h>
#include <stdio.h>

/* Each function the window uses: its pointer, filled by kiosk_sdl_load, and a wrapper of our name. */
#define KIOSK_SDL_FUNCTIONS(X) \
    X(SDL_bool, SetHint, (const char *name, const char *value), (name, value)) \
    X(int, InitSubSystem, (Uint32 flags), (flags)) \
    X(void, QuitSubSystem, (Uint32 flags), (flags)) \
    X(const char *, GetCurrentVideoDriver, (void), ()) \
    X(const char *, GetError, (void), ()) \
    X(int, GetDisplayUsableBounds, (int index, SDL_Rect *rect), (index, rect)) \
    X(int, GetCurrentDisplayMode, (int index, SDL_DisplayMode *mode), (index, mode)) \
    X(SDL_Window *, CreateWindow, (const char *title, int x, int y, int w, int h, Uint32 flags), (title, x, y, w, h, flags)) \
    X(void, DestroyWindow, (SDL_Window *window), (window)) \
    X(SDL_Renderer *, CreateRenderer, (SDL_Window *window, int index, Uint32 flags), (window, index, flags)) \
    X(void, DestroyRenderer, (SDL_Renderer *renderer), (renderer)) \
    X(int, RenderSetLogicalSize, (SDL_Renderer *renderer, int w, int h), (renderer, w, h)) \
    X(SDL_Texture *, CreateTexture, (SDL_Renderer *renderer, Uint32 format, int access, int w, int h), \
      (renderer, format, access, w, h)) \
    X(void, DestroyTexture, (SDL_Texture *texture), (texture)) \
    X(int, UpdateTexture, (SDL_Texture *texture, const SDL_Rect *rect, const void *pixels, int pitch), \
      (texture, rect, pixels, pitch)) \
    X(int, SetRenderDrawColor, (SDL_Renderer *renderer, Uint8 r, Uint8 g, Uint8 b, Uint8 a), (renderer, r, g, b, a)) \
    X(int, RenderClear, (SDL_Renderer *renderer), (renderer)) \
    X(int, RenderCopyEx, (SDL_Renderer *renderer, SDL_Texture *texture, const SDL_Rect *source, const SDL_Rect *target, \
                          double angle, const SDL_Point *center, SDL_RendererFlip flip), \
      (renderer, texture, source, target, angle, center, flip)) \
    X(void, RenderPresent, (SDL_Renderer *renderer), (renderer)) \
    X(int, PollEvent, (SDL_Event *event), (event))

#define KIOSK_SDL_POINTER(type, name, parameters, arguments) static type (*kiosk_sdl_##name) parameters;
KIOSK_SDL_FUNCTIONS(KIOSK_SDL_POINTER)

#define KIOSK_SDL_WRAPPER(type, name, parameters, arguments) \
    type kiosk_SDL_##name parameters { return kiosk_sdl_##name arguments; }
KIOSK_SDL_FUNCTIONS(KIOSK_SDL_WRAPPER)

static char load_error[256];
static int loaded;

int kiosk_sdl_load(void) {
    if (loaded) return 0;
    void *library = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return -1;
    }
#define KIOSK_SDL_RESOLVE(type, name, parameters, arguments) \
    *(void **)&kiosk_sdl_##name = dlsym(library, "SDL_" #name); \
    if (!kiosk_sdl_##name) { \
        snprintf(load_error, sizeof load_error, "libSDL2-2.0.so.0 has no SDL_" #name); \
        return -1; \
    }
    KIOSK_SDL_FUNCTIONS(KIOSK_SDL_RESOLVE)
    loaded = 1;
    return 0;
}

const char *kiosk_sdl_load_error(void) {
    return load_error;
}
