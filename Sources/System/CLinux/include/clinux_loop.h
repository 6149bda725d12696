#ifndef CLINUX_LOOP_H
#define CLINUX_LOOP_H

// The runtime loop's kernel interfaces: Swift's Glibc module does not include these headers.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <signal.h>
#include <spawn.h>
#include <sys/pidfd.h>
#include <sys/wait.h>
#include <sys/prctl.h>
// malloc_trim: the daemon hands glibc's free heap pages back after dropping surfaces and layouts.
#include <malloc.h>

// prctl is variadic, which Swift cannot call: the daemon adopts its commands' orphans.
static inline int clinux_become_child_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

#endif
