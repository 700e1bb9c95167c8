export declare function routedPath(pathname: string, options?: { lowerCase?: boolean }): string;
export declare function resolvedPath(pathname: string): string;
