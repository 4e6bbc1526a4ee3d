// The keyed hash that joins an observed click to the report records naming its reference: both
// sides must hash alike, and the raw reference is never stored or compared.
import type { ClickIdKeyring } from '../../crypto/click-id-keyring.js';

export const referenceHashOf = (keyring: Pick<ClickIdKeyring, 'fingerprint'>, reference: string): string => keyring.fingerprint(`reference:${reference}`);
