import { context, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, NodeTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { setTracingEnabled } from '../subgraphs/platform/tracing.js';

export interface Tracing {
  /** Exports the spans still buffered (if the collector answers), then turns tracing off. */
  shutdown(): Promise<void>;
}

/**
 * Installs the OpenTelemetry SDK for this process: a tracer provider, the W3C Trace Context propagator
 * and AsyncLocalStorage context. It must run before the subgraph schemas are built (their resolvers are
 * wrapped in spans only when tracing is on). Without OTEL_EXPORTER_OTLP_ENDPOINT nothing is installed:
 * the API's no-op tracer stays and kernel/tracing.ts skips span creation altogether.
 */
export function startTracing(endpoint: string | undefined): Tracing | null {
  if (!endpoint) return null;
  // The base endpoint, as the OTLP specification defines OTEL_EXPORTER_OTLP_ENDPOINT: traces go to /v1/traces under it.
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  return installTracing(exporter, 'batch');
}

/** The SDK with a given exporter: OTLP in production, an in-memory one in tests (spans exported as each ends). */
export function installTracing(exporter: SpanExporter, mode: 'batch' | 'simple'): Tracing {
  const provider = new NodeTracerProvider({
    spanProcessors: [mode === 'batch' ? new BatchSpanProcessor(exporter) : new SimpleSpanProcessor(exporter)],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  setTracingEnabled(true);
  return {
    async shutdown() {
      setTracingEnabled(false);
      // A collector that is down costs the last spans, never the process's exit.
      await provider.shutdown().catch(() => undefined);
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
