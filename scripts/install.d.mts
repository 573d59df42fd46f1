export declare const runtimeParts: string[];
export declare const buildCommands: string[][];
export declare const runtimeInstall: string[];
export declare function satisfies(version: string, range: string): boolean;
export declare function vapidKeys(): { publicKey: string; privateKey: string };
export declare function environmentFile(template: string, options: { dataDir: string }): string;
export declare function serviceUnit(
  template: string,
  options: { prefix: string; envFile: string; dataDir: string; user: string; node: string },
): string;
