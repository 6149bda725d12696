#ifndef CKIOSKSDL_H
#define CKIOSKSDL_H

/* SDL2's types and constants for the desktop window, and its functions through pointers loaded at
 * run time: the panel binary does not link SDL2 (and with it X11 and Wayland's client libraries),
 * which only `preview` and `--display sdl` on a desktop need. */
#include <SDL2/SDL.h>

/* Loads libSDL2-2.0.so.0 once; 0 when every function the window uses was found, else -1 and
 * kiosk_sdl_load_error() says why. */
int kiosk_sdl_load(void);
const char *kiosk_sdl_load_error(void);

SDL_bool kiosk_SDL_SetHint(const char *name, const char *value);
int kiosk_SDL_InitSubSystem(Uint32 flags);
void kiosk_SDL_QuitSubSystem(Uint32 flags);
const char *kiosk_SDL_GetCurrentVideoDriver(void);
const char *kiosk_SDL_GetError(void);
int kiosk_SDL_GetDisplayUsableBounds(int index, SDL_Rect *rect);
int kiosk_SDL_GetCurrentDisplayMode(int index, SDL_DisplayMode *mode);
SDL_Window *kiosk_SDL_CreateWindow(const char *title, int x, int y, int w, int h, Uint32 flags);
void kiosk_SDL_DestroyWindow(SDL_Window *window);
SDL_Renderer *kiosk_SDL_CreateRenderer(SDL_Window *window, int index, Uint32 flags);
void kiosk_SDL_DestroyRenderer(SDL_Renderer *renderer);
int kiosk_SDL_RenderSetLogicalSize(SDL_Renderer *renderer, int w, int h);
SDL_Texture *kiosk_SDL_CreateTexture(SDL_Renderer *renderer, Uint32 format, int access, int w, int h);
void kiosk_SDL_DestroyTexture(SDL_Texture *texture);
int kiosk_SDL_UpdateTexture(SDL_Texture *texture, const SDL_Rect *rect, const void *pixels, int pitch);
int kiosk_SDL_SetRenderDrawColor(SDL_Renderer *renderer, Uint8 r, Uint8 g, Uint8 b, Uint8 a);
int kiosk_SDL_RenderClear(SDL_Renderer *renderer);
int kiosk_SDL_RenderCopyEx(SDL_Renderer *renderer, SDL_Texture *texture, const SDL_Rect *source, const SDL_Rect *target,
                           double angle, const SDL_Point *center, SDL_RendererFlip flip);
void kiosk_SDL_RenderPresent(SDL_Renderer *renderer);
int kiosk_SDL_PollEvent(SDL_Event *event);

#endif
