// The API reference at /api/docs: Swagger UI over our OpenAPI document, bundled by Vite from
// swagger-ui-dist (decision 011). Configured here rather than in an inline script, which the
// page's Content-Security-Policy refuses.
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import './api-docs.css';

SwaggerUI({
  url: '/api/openapi.json',
  dom_id: '#api-reference',
  // The default sends the document to validator.swagger.io for a badge: nothing leaves the machine.
  validatorUrl: null,
  // x-access (visitor, user, admin) is shown with each operation.
  showExtensions: true,
  deepLinking: true,
  defaultModelsExpandDepth: 1,
  docExpansion: 'list',
  // Try it out sends the browser's own cookie; a session made elsewhere is used as it is.
  withCredentials: true,
});
