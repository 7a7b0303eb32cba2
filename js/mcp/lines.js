// The SDK line of an object: v1 (@modelcontextprotocol/sdk 1.x, its
// modules loaded by the entry where the project has them) or v2 (known by
// its methods: line-v2.js).
import { createLineV1 } from "./line-v1.js";
import { createLineV2 } from "./line-v2.js";

/**
 * `{ server, client }`: each gives the line an SDK object of that role is
 * of, undefined for neither; v1's, when its modules did not load, throws
 * why (`v1`: null when they did not load, `v1Error` why).
 */
export function createLines(v1, v1Error) {
  const lineV1 = createLineV1(v1);
  const lineV2 = createLineV2();
  const lineFor = (role) => (object) => {
    if (lineV2[role](object)) return lineV2;
    if (lineV1 === null) {
      if (v1Error !== undefined) throw v1Error;
      return undefined;
    }
    return lineV1[role](object) ? lineV1 : undefined;
  };
  return { server: lineFor("claimsServer"), client: lineFor("claimsClient") };
}
