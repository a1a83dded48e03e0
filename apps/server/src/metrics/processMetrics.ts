/**
 * The Node.js process's own metrics (prom-client's defaults: event-loop lag `nodejs_eventloop_lag_*`,
 * heap, CPU, open handles and file descriptors, GC). One registry per process, made on first use: they
 * describe the process, whatever number of apps it runs (tests build many), and the event-loop
 * monitor they start is never stopped.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

export function processRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
