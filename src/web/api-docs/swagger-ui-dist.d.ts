// swagger-ui-dist ships no types; this is the part of its API the reference page uses.
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerUIOptions {
    url: string;
    dom_id: string;
    validatorUrl: string | null;
    showExtensions?: boolean;
    deepLinking?: boolean;
    defaultModelsExpandDepth?: number;
    docExpansion?: 'list' | 'full' | 'none';
    withCredentials?: boolean;
  }
  const SwaggerUI: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUI;
}
