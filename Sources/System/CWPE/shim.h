// WPE WebKit (API 1.1) and GLib for the web host, swipe-kiosk-web. Only the web host imports this:
// the panel binary never links WebKit.
#include <wpe/webkit.h>
#include <glib-unix.h>
#include <signal.h>
#include <sys/prctl.h>

// Variadic and macro C that Swift cannot call directly.

/// prctl(PR_SET_PDEATHSIG, SIGTERM): the host ends when the daemon that started it does.
static inline int cwpe_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGTERM);
}

/// g_signal_connect, a macro.
static inline gulong cwpe_signal_connect(gpointer instance, const gchar *signal, GCallback handler, gpointer data) {
    return g_signal_connect_data(instance, signal, handler, data, NULL, (GConnectFlags)0);
}

/// A web view with its backend, context, content manager and settings (g_object_new is variadic).
static inline WebKitWebView *cwpe_web_view_new(WebKitWebViewBackend *backend, WebKitWebContext *context,
                                               WebKitUserContentManager *manager, WebKitSettings *settings) {
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "backend", backend, "web-context", context,
                                        "user-content-manager", manager, "settings", settings, NULL));
}

/// The request url of a navigation or new-window decision (the WEBKIT_* casts are macros).
static inline const gchar *cwpe_navigation_decision_uri(WebKitPolicyDecision *decision) {
    WebKitNavigationAction *action =
        webkit_navigation_policy_decision_get_navigation_action(WEBKIT_NAVIGATION_POLICY_DECISION(decision));
    return webkit_uri_request_get_uri(webkit_navigation_action_get_request(action));
}

/// Whether `error` is a cancelled load (a newer load replaced it), which is no failure to report.
static inline gboolean cwpe_error_is_cancelled(const GError *error) {
    return g_error_matches(error, WEBKIT_NETWORK_ERROR, WEBKIT_NETWORK_ERROR_CANCELLED)
        || g_error_matches(error, WEBKIT_POLICY_ERROR, WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE);
}
