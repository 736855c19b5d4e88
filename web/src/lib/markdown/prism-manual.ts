// Read by Prism core when it loads: keeps it from re-highlighting server-rendered code blocks.
const scope = globalThis as { Prism?: { manual?: boolean } };
scope.Prism = { ...scope.Prism, manual: true };
export {};
