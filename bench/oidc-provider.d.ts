// oidc-provider ships no type declarations; the benchmark uses only its Provider constructor.
declare module 'oidc-provider';
