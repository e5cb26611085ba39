/**
 * The output of a route whose answer is not JSON (`answerType`, decision 054): the handler
 * makes the whole `Response`. Apart from contract.ts, which the public islands load without
 * zod (decision 011).
 */
import * as z from 'zod/mini';

export const madeResponse = z.custom<Response>((value) => value instanceof Response);
