export declare const repoRoot: string;
export declare const serverEntry: string;
export declare const adminEntry: string;
export declare const webEntry: string;
export declare function buildNeeded(part?: 'server' | 'web' | 'all'): string | undefined;
