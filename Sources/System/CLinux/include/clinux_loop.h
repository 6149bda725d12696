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

#endif
