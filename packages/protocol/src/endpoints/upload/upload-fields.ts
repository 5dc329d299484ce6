import * as z from 'zod/mini';
import { UPLOAD_PART_MAX_BYTES, UPLOAD_PURPOSES } from '../../constants.js';

/** The server's id of one upload (a random UUID); only its owner's session can use it. */
export const uploadIdField = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/));
export const uploadPurposeField = z.enum(UPLOAD_PURPOSES);
/** Standard base64 with padding of 1..UPLOAD_PART_MAX_BYTES bytes; decoded strictly by the server. */
export const uploadPartBytesField = z.string().check(z.minLength(4), z.maxLength(Math.ceil(UPLOAD_PART_MAX_BYTES / 3) * 4), z.regex(/^[A-Za-z0-9+/]+={0,2}$/));
