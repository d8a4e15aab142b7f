import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql';

/**
 * OpenTelemetry at the API level: what the edge, the executors, resolvers and SQL call. The SDK (a
 * provider, the W3C propagator, an exporter) is installed by router/tracing.ts only when traces go
 * somewhere; until then `enabled` is false and every helper here runs its work bare, without creating a
 * span, a context or a closure, so tracing that is off costs one boolean test per call site.
 */
let enabled = false;

let tracer = trace.getTracer('core-banking');

/** Called by the SDK set-up once a provider is registered (and by its shutdown). */
export function setTracingEnabled(on: boolean): void {
  enabled = on;
  // A tracer obtained earlier would keep the provider it first found: a new one is taken from the new provider.
  tracer = trace.getTracer('core-banking');
}

export function tracingEnabled(): boolean {
  return enabled;
}

/** Runs `fn` in a child span of the active one; an error marks the span and is rethrown unchanged. */
export function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>, kind: SpanKind = SpanKind.INTERNAL): Promise<T> {
  if (!enabled) return fn();
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn();
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** A server span for one incoming request, child of the caller's W3C `traceparent` when it is well-formed. */
export interface RequestSpan {
  readonly traceId: string;
  /** Runs the request's work with the span active, so every span it starts is a child. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Names the span by its templated route once known, and ends it with the answer's status. */
  end(route: string | undefined, status: number): void;
}

export function startRequestSpan(method: string | undefined, headers: Record<string, string | string[] | undefined>): RequestSpan | undefined {
  if (!enabled) return undefined;
  // The propagator ignores a malformed or all-zero traceparent: the span then starts a trace of its own.
  const parent = propagation.extract(context.active(), headers);
  const span = tracer.startSpan(`${method ?? 'GET'}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method ?? 'GET' } }, parent);
  const active = trace.setSpan(parent, span);
  return {
    traceId: span.spanContext().traceId,
    run: (fn) => context.with(active, fn),
    end(route, status) {
      if (route) {
        span.updateName(`${method ?? 'GET'} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/** The active span's trace id, for log lines; undefined when tracing is off or nothing is traced. */
export function activeTraceId(): string | undefined {
  if (!enabled) return undefined;
  return trace.getActiveSpan()?.spanContext().traceId;
}

/** Adds `traceparent` (and `tracestate`) of the active span to a request leaving this process. */
export function withTraceHeaders(headers: Record<string, string>): Record<string, string> {
  if (enabled) propagation.inject(context.active(), headers);
  return headers;
}

/** Runs `fn` as a continuation of the trace named by an incoming request's headers (a subgraph served over HTTP). */
export function continueTrace<T>(headers: Record<string, string | string[] | undefined>, fn: () => Promise<T>): Promise<T> {
  if (!enabled) return fn();
  return context.with(propagation.extract(context.active(), headers), fn);
}

/**
 * Wraps each root field of a subgraph's schema (queries, mutations, `_entities`) in a span: the resolvers
 * that run a command or a read. Called when the schema is built, so with tracing off nothing is wrapped.
 */
export function traceRootResolvers(schema: GraphQLSchema): GraphQLSchema {
  if (!enabled) return schema;
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      if (field.resolve) field.resolve = traced(`resolve ${type!.name}.${field.name}`, field.resolve);
    }
  }
  return schema;
}

function traced(name: string, resolve: GraphQLFieldResolver<unknown, unknown>): GraphQLFieldResolver<unknown, unknown> {
  return (source, args, ctx, info) =>
    tracer.startActiveSpan(name, (span) => {
      const fail = (error: unknown) => {
        failed(span, error);
        span.end();
        throw error;
      };
      try {
        const result = resolve(source, args, ctx, info);
        if (!(result instanceof Promise)) {
          span.end();
          return result;
        }
        return result.then((value) => {
          span.end();
          return value;
        }, fail);
      } catch (error) {
        return fail(error);
      }
    });
}
