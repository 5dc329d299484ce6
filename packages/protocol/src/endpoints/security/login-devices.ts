import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { loginDeviceSchema } from './security-fields.js';

/** login-devices (session; not in SPEC §7): every live session of the account, this one first, then by last activity. */
export const loginDevices = defineEndpoint({
  path: API_PATH.loginDevices,
  request: z.strictObject({}),
  response: z.strictObject({ devices: z.array(loginDeviceSchema) }),
});
