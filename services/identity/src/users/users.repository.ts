import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Language } from '@tawsil/contracts/identity';
import type { UserType } from '@tawsil/contracts/rpc';
import { User } from './user.entity';

type UserFields = 'id' | 'name' | 'email' | 'type' | 'passwordHash' | 'language';

/** identity.users. Methods that take `em` run inside the caller's transaction. */
@Injectable()
export class UsersRepository {
  constructor(private readonly em: EntityManager) {}

  findByEmail(email: string): Promise<User | null> {
    return this.em.fork().findOne(User, { email });
  }

  findById<F extends UserFields>(
    id: string,
    fields: F[],
    em: EntityManager = this.em.fork(),
  ): Promise<Pick<User, F> | null> {
    // The fields are a subset of User's own columns; MikroORM's path type cannot see that for a generic F.
    return em.findOne(User, { id }, { fields: fields as never[] }) as Promise<Pick<User, F> | null>;
  }

  async emailTaken(em: EntityManager, email: string): Promise<boolean> {
    return (await em.count(User, { email })) > 0;
  }

  /**
   * Inserts the user; answers null when the address is taken meanwhile (two registrations of one
   * address at the same moment: the unique index decides).
   */
  async create(
    em: EntityManager,
    user: {
      id: string;
      name: string;
      email: string;
      passwordHash: string;
      type: UserType;
      language: Language;
    },
  ): Promise<User | null> {
    const entity = em.create(User, user);
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return null;
      throw error;
    }
    return entity;
  }

  /** Answers whether the user exists; the same language again writes nothing new. */
  async setLanguage(id: string, language: Language): Promise<boolean> {
    return (await this.em.fork().nativeUpdate(User, { id }, { language })) > 0;
  }

  async setPasswordHash(em: EntityManager, id: string, passwordHash: string): Promise<void> {
    await em.nativeUpdate(User, { id }, { passwordHash });
  }
}
