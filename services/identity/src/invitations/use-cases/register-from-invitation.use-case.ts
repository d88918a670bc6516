import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  IdentityPatterns,
  passwordProblem,
  type NewSession,
  type RegisterFromInvitationDto,
  type SignedIn,
} from '@tawsil/contracts/identity';
import { IDEMPOTENCY_KEY_REUSED, idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { PasswordHasher } from '../../passwords/password-hasher';
import { OpenSessionUseCase } from '../../sessions/use-cases/open-session.use-case';
import { languageChoice } from '../../users/language-choice';
import { UserMapper } from '../../users/user.mapper';
import { UsersRepository } from '../../users/users.repository';
import { AgentStoresPublisher } from '../../memberships/agent-stores.publisher';
import { InvitationsRepository } from '../invitations.repository';
import { takePendingInvitation } from '../pending-invitation';

const ACCOUNT_EXISTS = 'An account with this email already exists: sign in to accept the invitation';

/**
 * A new confirmateur account, with the invitation's address, that works for the store at once,
 * signed in.
 */
@Injectable()
export class RegisterFromInvitationUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly invitations: InvitationsRepository,
    private readonly users: UsersRepository,
    private readonly agentStores: AgentStoresPublisher,
    private readonly hasher: PasswordHasher,
    private readonly mapper: UserMapper,
    private readonly openSession: OpenSessionUseCase,
  ) {}

  async execute(input: RegisterFromInvitationDto & NewSession): Promise<SignedIn & { storeId: string }> {
    // Hashed before the transaction: a hash waiting for its turn holds no database connection.
    const language = languageChoice(input.language);
    const passwordHash = await this.hasher.hash(input.password);
    let created = false;
    // The password stays out of the stored request hash, as for a registration.
    const request = { token: input.token, name: input.name };
    const joined = await idempotentWrite(
      this.em,
      { pattern: IdentityPatterns.registerFromInvitation, request },
      async (em) => {
        const row = await takePendingInvitation(this.invitations, em, input.token);
        const problem = passwordProblem(input.password, { name: input.name, email: row.email });
        if (problem) throw ServiceError.badRequest(problem);
        if (await this.users.emailTaken(em, row.email)) throw ServiceError.conflict(ACCOUNT_EXISTS);
        const user = await this.users.create(em, {
          id: randomUUID(),
          name: input.name,
          email: row.email,
          passwordHash,
          type: 'confirmateur',
          language,
        });
        if (!user) throw ServiceError.conflict(ACCOUNT_EXISTS);
        await this.invitations.accept(em, row, user.id);
        created = true;
        return { userId: user.id, storeId: row.store_id, storeName: row.store_name };
      },
    );
    // After the commit, so orders never grants a membership that did not happen.
    await this.agentStores.changed(joined.userId);
    const user = await this.users.findById(joined.userId, [
      'id',
      'name',
      'email',
      'type',
      'language',
      'passwordHash',
    ]);
    if (!user) throw ServiceError.unauthorized('Sign in first');
    if (!created && !(await this.hasher.verify(user.passwordHash, input.password)))
      throw ServiceError.unprocessable(IDEMPOTENCY_KEY_REUSED);
    const session = await this.openSession.execute(this.mapper.toAuthUser(user), input);
    return { ...session, storeId: joined.storeId };
  }
}
