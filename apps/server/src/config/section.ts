// One configuration section: the environment variables of one concern, a schema per variable, the
// section's own cross-field checks, and what it builds (its type inferred from `build`). Sections are
// composed once in config/index.ts; each module receives only its section (docs/architecture.md "Modules").
import { z } from 'zod';

export type NodeEnv = 'development' | 'test' | 'production';

export interface SectionContext {
  env: NodeEnv;
}

export interface Section<Shape extends z.ZodRawShape, Built> {
  vars: Shape;
  /** Problems across variables, each as "NAME: what is wrong" (falsy entries are ignored). */
  check?(e: z.infer<z.ZodObject<Shape>>, ctx: SectionContext): Array<string | false | undefined>;
  build(e: z.infer<z.ZodObject<Shape>>, ctx: SectionContext): Built;
}

export const defineSection = <Shape extends z.ZodRawShape, Built>(section: Section<Shape, Built>): Section<Shape, Built> => section;

/** The value a section builds. */
export type SectionValue<S> = S extends Section<z.ZodRawShape, infer Built> ? Built : never;

/** 'true'/'1' or 'false'/'0'. */
export const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** A duration in milliseconds, 1 ms to 10 minutes. */
export const millis = (fallback: number) => z.coerce.number().int().min(1).max(600_000).default(fallback);
export const whole = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** base64url (no padding) of at least 32 random bytes. */
export const base64UrlSecret = z.string().regex(/^[A-Za-z0-9_-]{43,}$/, 'base64url (no padding) of at least 32 random bytes');
