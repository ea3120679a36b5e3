// STUB: contract; implementation belongs to issue 2 (protocol). providers.md §5.
export declare function sanitizeSessionId(value: unknown): string | undefined;
export declare function sanitizeToolName(value: unknown): string | undefined;
export declare function sanitizeToolUseId(value: unknown): string | undefined;
export declare function sanitizeLabel(value: unknown): string | undefined;
export declare function promptSnippet(value: unknown): string | undefined;
