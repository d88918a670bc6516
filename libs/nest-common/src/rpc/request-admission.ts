import { Logger } from '@nestjs/common';
import { SEALED_FIELDS } from '@tawsil/contracts/rpc';
import { observeRpcRefused } from '../metrics/rpc.metrics';
import type { KeyObject } from 'node:crypto';
import type { EnvelopeVerifier } from './envelope-signature';
import type { FieldOpener } from './sealed-fields';
import type { RequestEntry } from './streams.protocol';

export interface RpcEnvelope {
  actor?: unknown;
  data?: unknown;
  idempotencyKey?: unknown;
}

const REFUSED = 'Request refused: it does not come signed from a trusted caller';
const NO_ACTOR = 'Request refused: only a public pattern is answered without a caller';
/**
 * Refusals of an entry whose replyTo no valid signature vouches for: nothing is sent there, or
 * anyone able to add an entry could have a service publish on a channel of their choosing.
 */
const UNANSWERED = ['malformed', 'unsigned', 'unknown-signer', 'bad-signature', 'wrong-reply-channel'];

/**
 * Admitted: the envelope, and the key its answer's sealed fields are sealed to. Refused: answered
 * with 403 on its replyTo. Dropped: refused too, but its replyTo is not vouched for by a signature,
 * so nothing is sent there.
 */
export type Admission =
  | { envelope: RpcEnvelope; answerKey?: KeyObject }
  | { refused: { status: 403; message: string } }
  | { dropped: true };

/**
 * What a request must be before its handler runs: well formed, signed by a trusted caller over the
 * whole envelope, with an actor unless its pattern is public, and its sealed fields opened. A
 * refusal is counted and logged by its reason, never by a value the request carries.
 */
export class RequestAdmission {
  private readonly log = new Logger('RpcServer');

  constructor(
    private readonly verifier: EnvelopeVerifier,
    private readonly opener?: FieldOpener,
  ) {}

  admit(entry: RequestEntry, isPublic: boolean): Admission {
    let envelope: RpcEnvelope;
    try {
      envelope = JSON.parse(entry.data) as RpcEnvelope;
    } catch {
      return this.refuse(entry, 'malformed', REFUSED);
    }
    if (envelope === null || typeof envelope !== 'object') return this.refuse(entry, 'malformed', REFUSED);
    const verdict = this.verifier.verify(entry, envelope.actor != null);
    if (verdict.refusal) return this.refuse(entry, verdict.refusal, REFUSED);
    if (envelope.actor == null && !isPublic) return this.refuse(entry, 'no-actor', NO_ACTOR);
    const { answerKey } = verdict;
    if (!SEALED_FIELDS[entry.pattern]) return { envelope, answerKey };
    const data = this.opener?.open(entry.pattern, envelope.data);
    return data === undefined
      ? this.refuse(entry, 'not-sealed', REFUSED)
      : { envelope: { ...envelope, data }, answerKey };
  }

  private refuse(entry: RequestEntry, reason: string, message: string): Admission {
    observeRpcRefused(reason);
    // Fields of a forged entry may be anything: shortened, and never the data.
    const short = (value: unknown, length: number) => String(value ?? '').slice(0, length);
    const signer = entry.signer ? ` signed as ${short(entry.signer, 20)}` : '';
    this.log.warn(
      `Refused ${short(entry.pattern, 80)}${signer} (${reason}) from ${short(entry.replyTo, 80)}`,
    );
    return UNANSWERED.includes(reason) ? { dropped: true } : { refused: { status: 403, message } };
  }
}
