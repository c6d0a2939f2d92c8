export declare function chromiumPath(): string;
export declare function chromiumSwitches(ownAddresses?: readonly string[]): string[];
