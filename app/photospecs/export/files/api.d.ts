
/** One rule's answer: status "unchecked" where the measurement it needs was not given. */
export interface CheckRule {
  readonly rule: "width-px" | "height-px" | "aspect-ratio" | "file-size" | "file-format" | "head-height" | "eye-line" | "background";
  readonly status: "pass" | "fail" | "unchecked";
  /** What was measured, rounded to three decimals, in `unit`; null when not measured. */
  readonly value: number | string | null;
  readonly limit: { readonly min?: number; readonly max?: number; readonly allowed?: ReadonlyArray<string> };
  /** "px", "mm", "bytes", or "" for a ratio, a colour distance or a format. */
  readonly unit: string;
  readonly message: string;
}

export interface CheckResult {
  /** "fail" if any rule fails, "incomplete" if one could not be checked, else "pass". */
  readonly verdict: "pass" | "fail" | "incomplete";
  readonly rules: ReadonlyArray<CheckRule>;
}

/**
 * What you measured on your own photo. A photo `heightPx` tall is taken to show the document's
 * whole height (heightMm); without heightPx, lengths in px are read at the document's dpi.
 * The eye line is measured up from the bottom edge.
 */
export interface CheckInput {
  /** A document id (e.g. "us-passport") or the document itself. */
  readonly document: string | Document;
  /** An upload portal id (e.g. "ds-160") or the portal itself. */
  readonly portal?: string | Portal | null;
  readonly widthPx?: number | null;
  readonly heightPx?: number | null;
  /** The file's size in bytes. */
  readonly bytes?: number | null;
  /** "jpeg", "png", ... ("jpg" is read as "jpeg"). */
  readonly format?: string | null;
  /** Head height, chin to crown: in px or in mm, not both. */
  readonly headPx?: number | null;
  readonly headMm?: number | null;
  /** Eye line above the bottom edge: in px or in mm, not both. */
  readonly eyePx?: number | null;
  readonly eyeMm?: number | null;
  /** Mean background colour, "#rrggbb". */
  readonly background?: string | null;
}

export declare const meta: Meta;
export declare const countries: ReadonlyArray<Country>;
export declare const documents: ReadonlyArray<Document>;
export declare const portals: ReadonlyArray<Portal>;
export declare function getDocument(id: string): Document | undefined;
export declare function getPortal(id: string): Portal | undefined;
/** Throws RangeError on an unknown id or on input that cannot be a measurement. */
export declare function checkPhoto(input: CheckInput): CheckResult;
