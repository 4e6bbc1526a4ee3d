export declare const SCHEMA_FILE: URL;
export declare function schemaTypes(document: unknown): Promise<string>;
