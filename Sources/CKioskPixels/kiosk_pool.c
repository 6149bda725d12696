#include "CKioskPixels.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

/* Workers sleep on `start` between jobs; a job is published by bumping `generation`. Tasks are
   handed out by an atomic ticket, the job's generation in its high half and the next task in
   the low half, so a worker that wakes late takes nothing from a later job; and the caller
   returns once every task has run, never waiting for a worker the scheduler is holding back. */
struct kiosk_pool {
    pthread_mutex_t lock;
    pthread_cond_t start, done;
    int threads;
    int started;
    pthread_t *workers;
    uint32_t generation;
    int stopping;
    kiosk_pool_task task;
    void *context;
    int tasks;
    _Atomic uint64_t ticket;
    atomic_int finished;
};

/* Runs tasks of job `generation` until none are left (or a later job has begun). */
static void take_tasks(kiosk_pool *pool, uint32_t generation, kiosk_pool_task task, void *context, int tasks) {
    uint64_t ticket = atomic_load(&pool->ticket);
    for (;;) {
        if ((uint32_t)(ticket >> 32) != generation || (int)(uint32_t)ticket >= tasks) return;
        if (!atomic_compare_exchange_weak(&pool->ticket, &ticket, ticket + 1)) continue;
        task(context, (int)(uint32_t)ticket);
        if (atomic_fetch_add(&pool->finished, 1) + 1 == tasks) {
            pthread_mutex_lock(&pool->lock);
            pthread_cond_signal(&pool->done);
            pthread_mutex_unlock(&pool->lock);
        }
        ticket = atomic_load(&pool->ticket);
    }
}

static void *work(void *argument) {
    kiosk_pool *pool = argument;
    pthread_mutex_lock(&pool->lock);
    uint32_t seen = pool->generation;
    for (;;) {
        while (pool->generation == seen && !pool->stopping) pthread_cond_wait(&pool->start, &pool->lock);
        if (pool->stopping) break;
        seen = pool->generation;
        kiosk_pool_task task = pool->task;
        void *context = pool->context;
        int tasks = pool->tasks;
        pthread_mutex_unlock(&pool->lock);
        take_tasks(pool, seen, task, context, tasks);
        pthread_mutex_lock(&pool->lock);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

kiosk_pool *kiosk_pool_create(int threads) {
    kiosk_pool *pool = calloc(1, sizeof *pool);
    if (!pool) return NULL;
    if (threads < 1) threads = 1;
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->start, NULL);
    pthread_cond_init(&pool->done, NULL);
    atomic_init(&pool->ticket, 0);
    atomic_init(&pool->finished, 0);
    pool->workers = calloc((size_t)threads, sizeof(pthread_t));
    pool->threads = 1;
    if (!pool->workers) return pool;
    /* Workers start with every signal blocked (a thread inherits its creator's mask): the daemon
       takes SIGTERM and SIGHUP through a signalfd on its loop, and a signal the kernel handed to a
       worker instead would take its default action and end the process. */
    sigset_t all, saved;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &saved);
    /* The caller is the first thread; a worker that cannot start just leaves the pool smaller. */
    for (int i = 1; i < threads; i++) {
        if (pthread_create(&pool->workers[pool->started], NULL, work, pool) != 0) break;
        pool->started++;
        pool->threads++;
    }
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    return pool;
}

void kiosk_pool_destroy(kiosk_pool *pool) {
    if (!pool) return;
    pthread_mutex_lock(&pool->lock);
    pool->stopping = 1;
    pthread_cond_broadcast(&pool->start);
    pthread_mutex_unlock(&pool->lock);
    for (int i = 0; i < pool->started; i++) pthread_join(pool->workers[i], NULL);
    free(pool->workers);
    pthread_cond_destroy(&pool->start);
    pthread_cond_destroy(&pool->done);
    pthread_mutex_destroy(&pool->lock);
    free(pool);
}

int kiosk_pool_threads(const kiosk_pool *pool) { return pool ? pool->threads : 1; }

void kiosk_pool_run(kiosk_pool *pool, kiosk_pool_task task, void *context, int tasks) {
    if (tasks <= 0) return;
    if (!pool || pool->threads == 1 || tasks == 1) {
        for (int index = 0; index < tasks; index++) task(context, index);
        return;
    }
    pthread_mutex_lock(&pool->lock);
    uint32_t generation = ++pool->generation;
    pool->task = task;
    pool->context = context;
    pool->tasks = tasks;
    atomic_store(&pool->finished, 0);
    atomic_store(&pool->ticket, (uint64_t)generation << 32);
    pthread_cond_broadcast(&pool->start);
    pthread_mutex_unlock(&pool->lock);
    take_tasks(pool, generation, task, context, tasks);
    pthread_mutex_lock(&pool->lock);
    while (atomic_load(&pool->finished) < tasks) pthread_cond_wait(&pool->done, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
}
