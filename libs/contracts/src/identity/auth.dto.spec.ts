import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { LoginDto, RegisterDto } from './auth.dto';

function firstError(cls: typeof RegisterDto | typeof LoginDto, body: object): string | undefined {
  const errors = validateSync(plainToInstance(cls, body), { whitelist: true, stopAtFirstError: true });
  return errors.length ? Object.values(errors[0].constraints ?? {})[0] : undefined;
}

describe('RegisterDto', () => {
  const valid = { name: 'Amina', email: 'amina@shop.dz', password: 'long-enough' };

  it('accepts a complete registration, trimming name and email', () => {
    const dto = plainToInstance(RegisterDto, { ...valid, name: '  Amina ', email: ' amina@shop.dz ' });
    expect(validateSync(dto)).toEqual([]);
    expect([dto.name, dto.email]).toEqual(['Amina', 'amina@shop.dz']);
  });

  it.each([
    [{ ...valid, name: '   ' }, 'name is required'],
    [{ ...valid, email: 'amina' }, 'email must be a valid email address'],
    [{ ...valid, password: 'short' }, 'password must be at least 10 characters'],
    [{ ...valid, password: 'xy'.repeat(65) }, 'password must be at most 128 characters'],
    [
      { ...valid, password: 'qwertyuiop' },
      'password is too common: choose one that is not on lists of known passwords',
    ],
    [
      { ...valid, name: 'ZR Express' },
      'name must be your own: it cannot imitate Tawsil, YouCan, ZR Express, the system, an admin or support',
    ],
    [{ ...valid, isConfirmateur: 'true' }, 'isConfirmateur must be true or false'],
  ])('refuses %j with "%s"', (body, message) => {
    expect(firstError(RegisterDto, body)).toBe(message);
  });
});

describe('LoginDto', () => {
  it('does not apply the registration minimum length to a login', () => {
    expect(firstError(LoginDto, { email: 'amina@shop.dz', password: 'short' })).toBeUndefined();
  });
});
