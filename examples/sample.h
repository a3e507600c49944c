/* sample.h -- what the sample "module" gets from its "kernel".

   The sample is compiled freestanding (no libc headers, so the cross
   compilers need no cross libc): it declares the kernel functions it calls
   itself.  They stay undefined in the `ld -r' output, as in a real module,
   and a loader resolves them at load time.  */

#ifndef SAMPLE_H
#define SAMPLE_H

#define NOINLINE __attribute__ ((noinline))
#define WEAK __attribute__ ((weak))

typedef __SIZE_TYPE__ size_t;

/* Undefined "kernel" functions.  */
int printk (const char *fmt, ...);
int dev_err (const char *fmt, ...);
int dev_info (const char *fmt, ...);
void *kmalloc (size_t size, int flags);
void kfree (void *p);
void mutex_lock (int);
void mutex_unlock (int);
void spin_lock_irqsave (int);
void spin_unlock_irqrestore (int);
void *memcpy (void *dst, const void *src, size_t n);
void *memset (void *dst, int c, size_t n);
void msleep (int);
void schedule (int);
void wake_up_process (int);
void ioremap (int);
void iounmap (int);
void request_irq (int);
void free_irq (int);
void queue_work (int);
void complete (int);

/* An optional hook: a weak undefined symbol, tested before use.  */
extern void optional_hook (int) WEAK;

/* A driver operations table (data relocations against functions).  */
struct sample_ops
{
  int (*probe) (int);
  int (*remove) (int);
};

#endif
