// A background loop of one process: `run` every `intervalMs` after the previous run ended (never two
// at once), its failures reported and the loop carried on; the timer does not keep the process
// alive, and stop waits for the run under way. An interval of 0 or less never starts.
export interface Periodic {
  start(run: () => Promise<unknown>, onError: (err: unknown) => void): void;
  stop(): Promise<void>;
  /** Whether stop was called (a long run checks it between its pieces). */
  readonly stopped: boolean;
}

export function periodic(intervalMs: number): Periodic {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  return {
    start(run, onError) {
      if (intervalMs <= 0 || timer) return;
      stopped = false;
      const schedule = () => {
        timer = setTimeout(() => {
          running = run()
            .catch(onError)
            .finally(() => {
              if (!stopped) schedule();
            });
        }, intervalMs);
        timer.unref();
      };
      schedule();
    },
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
