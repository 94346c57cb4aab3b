import { buildService } from "./build-service.ts";

// `npm run build`: the service into dist/, which `npm start` runs.
await buildService("dist");
