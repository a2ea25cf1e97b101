import type { z } from 'zod';

/**
 * An event type and its schema history. `version` is the current schema version; `upcast[n]` turns the data of
 * version n into version n+1. Old versions are never edited: a change of shape adds a version and an upcaster.
 */
export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  type: Type;
  version: number;
  schema: Schema;
  upcast?: Record<number, (data: unknown) => unknown>;
  /**
   * Set when the type is no longer recorded: why, and where that was decided. Its events already stored still read
   * (a stream's events are counted for its next append, and history is never edited), but no new one may be appended.
   */
  retired?: string;
}

export function defineEvent<const Type extends string, Schema extends z.ZodType>(
  definition: EventDefinition<Type, Schema>,
): EventDefinition<Type, Schema> {
  for (let from = 1; from < definition.version; from++) {
    if (!definition.upcast?.[from]) throw new Error(`${definition.type}: missing upcaster from version ${from}`);
  }
  return definition;
}

export type EventData<D> = D extends EventDefinition<string, infer S> ? z.output<S> : never;

/**
 * An event as domain code decides and folds it, typed by its contract: `EventOf<typeof ProductCreated>` is
 * `{ type: 'ProductCreated'; data: ... }`. Over a union of definitions it is the union of their events, so a fold can
 * narrow on `type` and a misspelt field is a compile error.
 */
export type EventOf<D> = D extends EventDefinition<infer Type, infer S> ? { type: Type; data: z.output<S> } : never;

/** Every event a registry holds, as `EventOf` types them: `EventsOf<typeof catalogEvents>`. */
export type EventsOf<R> = R extends EventRegistry<infer D> ? EventOf<D> : never;

export class UnknownEventTypeError extends Error {
  constructor(
    readonly service: string,
    readonly type: string,
  ) {
    super(`Unknown event type ${service}.${type}`);
    this.name = 'UnknownEventTypeError';
  }
}

export class InvalidEventError extends Error {
  constructor(
    readonly type: string,
    readonly schemaVersion: number,
    detail: string,
  ) {
    super(`Event ${type} v${schemaVersion} does not match its schema: ${detail}`);
    this.name = 'InvalidEventError';
  }
}

/** The events one service publishes. Validates on the way in (append) and upcasts and validates on the way out. */
export class EventRegistry<D extends EventDefinition = EventDefinition> {
  private readonly byType = new Map<string, EventDefinition>();

  constructor(
    readonly service: string,
    /** Its definitions, kept so `EventsOf` can name the service's events as a type. */
    readonly definitions: readonly D[],
  ) {
    for (const definition of definitions) {
      if (this.byType.has(definition.type)) throw new Error(`${service}: event type ${definition.type} defined twice`);
      this.byType.set(definition.type, definition);
    }
  }

  has(type: string): boolean {
    return this.byType.has(type);
  }

  get types(): string[] {
    return [...this.byType.keys()];
  }

  currentVersion(type: string): number {
    return this.definition(type).version;
  }

  private definition(type: string): EventDefinition {
    const definition = this.byType.get(type);
    if (!definition) throw new UnknownEventTypeError(this.service, type);
    return definition;
  }

  /** Validates new event data against the current schema; returns what to store. */
  encode(type: string, data: unknown): { schemaVersion: number; data: unknown } {
    const definition = this.definition(type);
    if (definition.retired) throw new InvalidEventError(type, definition.version, `retired: ${definition.retired}`);
    const parsed = definition.schema.safeParse(data);
    if (!parsed.success) throw new InvalidEventError(type, definition.version, parsed.error.message);
    return { schemaVersion: definition.version, data: parsed.data };
  }

  /** Brings stored data of any past version up to the current schema, then validates it. */
  decode(type: string, schemaVersion: number, data: unknown): unknown {
    const definition = this.definition(type);
    if (schemaVersion > definition.version) {
      throw new InvalidEventError(type, schemaVersion, `newer than this code knows (v${definition.version})`);
    }
    let current = data;
    for (let version = schemaVersion; version < definition.version; version++) {
      const upcaster = definition.upcast?.[version];
      if (!upcaster) throw new InvalidEventError(type, schemaVersion, `no upcaster from v${version}`);
      current = upcaster(current);
    }
    const parsed = definition.schema.safeParse(current);
    if (!parsed.success) throw new InvalidEventError(type, schemaVersion, parsed.error.message);
    return parsed.data;
  }
}
