#include "CKioskPixels.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

/* Workers sleep on `start` between jobs; a job is published by bumping `generation`. Tasks are
   handed out by an atomic counter, so a worker the scheduler holds back delays only the task it
   holds, and the caller works too instead of waiting idle. */
struct kiosk_pool {
    pthread_mutex_t lock;
    pthread_cond_t start, done;
    int threads;
    int started;
    pthread_t *workers;
    unsigned long generation;
    int busy;
    int stopping;
    kiosk_pool_task task;
    void *context;
    int tasks;
    atomic_int next;
};

/* Runs tasks of the current job until none are left. */
static void take_tasks(kiosk_pool *pool, kiosk_pool_task task, void *context, int tasks) {
    for (int index = atomic_fetch_add(&pool->next, 1); index < tasks; index = atomic_fetch_add(&pool->next, 1))
        task(context, index);
}

static void *work(void *argument) {
    kiosk_pool *pool = argument;
    unsigned long seen = 0;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (pool->generation == seen && !pool->stopping) pthread_cond_wait(&pool->start, &pool->lock);
        if (pool->stopping) break;
        seen = pool->generation;
        kiosk_pool_task task = pool->task;
        void *context = pool->context;
        int tasks = pool->tasks;
        pthread_mutex_unlock(&pool->lock);
        take_tasks(pool, task, context, tasks);
        pthread_mutex_lock(&pool->lock);
        if (--pool->busy == 0) pthread_cond_signal(&pool->done);
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
    atomic_init(&pool->next, 0);
    pool->workers = calloc((size_t)threads, sizeof(pthread_t));
    pool->threads = 1;
    if (!pool->workers) return pool;
    /* The caller is the first thread; a worker that cannot start just leaves the pool smaller. */
    for (int i = 1; i < threads; i++) {
        if (pthread_create(&pool->workers[pool->started], NULL, work, pool) != 0) break;
        pool->started++;
        pool->threads++;
    }
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
    pool->task = task;
    pool->context = context;
    pool->tasks = tasks;
    atomic_store(&pool->next, 0);
    pool->busy = pool->started;
    pool->generation++;
    pthread_cond_broadcast(&pool->start);
    pthread_mutex_unlock(&pool->lock);
    take_tasks(pool, task, context, tasks);
    pthread_mutex_lock(&pool->lock);
    while (pool->busy > 0) pthread_cond_wait(&pool->done, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
}
