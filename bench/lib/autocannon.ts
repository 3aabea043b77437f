import autocannon from 'autocannon';
import { createRequire } from 'node:module';

/**
 * autocannon without its body copy (decision 0778). autocannon appends every chunk of every
 * answer to a string (`req.body += data`, for `verifyBody`/`expectBody`, which no bench uses):
 * on this two-core machine that decoding runs beside the server and costs the load generator
 * about 2.4 µs of CPU per KB answered, taken from the server being measured. Bytes and status
 * codes are still counted by autocannon as before. Fails loudly if an upgrade moves the method.
 */
const Queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody?: unknown } };
if (typeof Queue.prototype.addBody !== 'function') throw new Error('autocannon changed: PipelinedRequestsQueue.prototype.addBody is gone (bench/lib/autocannon.ts)');
Queue.prototype.addBody = function addBody() {};

export default autocannon;
export type { Options, Result } from 'autocannon';
