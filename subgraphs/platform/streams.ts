/**
 * Async iterators for subscriptions whose `return()` takes effect at once. An async generator's `return()`
 * waits until the generator is suspended at a `yield`: one waiting on the next event of a quiet tenant ran
 * its `finally` (which ends the pubsub listener) only when that event came, so 3,000 closed subscriptions
 * held about 100 KB each until then. These iterators end their source from `return()` itself, whatever a
 * pending `next()` is waiting for, and that pending `next()` settles as done.
 */

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * `source`'s items through `map` (an undefined result drops the item). `prepare` is awaited before the first
 * item (a subscription's scope, read once), so an error of it is the stream's first answer.
 */
export function mapStream<T, U>(source: AsyncIterator<T>, prepare: Promise<(item: T) => U | undefined>): AsyncGenerator<U, undefined> {
  let ended = false;
  // Handled here as well as where it is awaited: a stream closed before its first next() must not leave
  // a rejection nobody awaits.
  prepare.catch(() => undefined);
  const end = async () => {
    if (ended) return;
    ended = true;
    await source.return?.();
  };
  const iterator: AsyncGenerator<U, undefined> = {
    async next() {
      const map = await prepare;
      while (!ended) {
        const step = await source.next();
        if (step.done || ended) break;
        const mapped = map(step.value);
        if (mapped !== undefined) return { done: false, value: mapped };
      }
      await end();
      return DONE;
    },
    async return() {
      await end();
      return DONE;
    },
    async throw(error?: unknown) {
      await end();
      throw error;
    },
    async [Symbol.asyncDispose]() {
      await end();
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/**
 * Several sources as one stream, in arrival order. Each source is pumped into one queue (no `Promise.race`
 * over pending reads, whose reactions pile up on a quiet source); `return()` ends every source at once.
 */
export function mergeStreams<T>(sources: readonly AsyncIterator<T>[]): AsyncGenerator<T, undefined> {
  const queue: T[] = [];
  let failure: { error: unknown } | undefined;
  let waiting: (() => void) | undefined;
  let open = sources.length;
  let ended = false;
  const wake = () => {
    const w = waiting;
    waiting = undefined;
    w?.();
  };
  const end = async () => {
    if (ended) return;
    ended = true;
    wake();
    await Promise.all(sources.map((s) => s.return?.()));
  };
  for (const source of sources) {
    void (async () => {
      try {
        while (!ended) {
          const step = await source.next();
          if (step.done) break;
          queue.push(step.value);
          wake();
        }
      } catch (error) {
        failure ??= { error };
      } finally {
        open--;
        wake();
      }
    })();
  }
  const iterator: AsyncGenerator<T, undefined> = {
    async next() {
      for (;;) {
        if (queue.length > 0 && !ended) return { done: false, value: queue.shift()! };
        if (failure && !ended) {
          await end();
          throw failure.error;
        }
        if (ended || open === 0) {
          await end();
          return DONE;
        }
        await new Promise<void>((resolve) => (waiting = resolve));
      }
    },
    async return() {
      await end();
      return DONE;
    },
    async throw(error?: unknown) {
      await end();
      throw error;
    },
    async [Symbol.asyncDispose]() {
      await end();
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
