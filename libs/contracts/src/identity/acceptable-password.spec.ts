import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { IsAcceptablePassword, passwordProblem } from './acceptable-password';

class NewPassword {
  name?: string;
  email?: string;
  @IsAcceptablePassword()
  password!: string;
}

const messageFor = (body: object) =>
  validateSync(plainToInstance(NewPassword, body)).flatMap((error) =>
    Object.values(error.constraints ?? {}),
  )[0];

describe('IsAcceptablePassword', () => {
  const owner = { name: 'Amina Benali', email: 'amina.benali@shop.dz' };

  it('accepts a long, uncommon password', () => {
    expect(messageFor({ ...owner, password: 'souk-el-fellah' })).toBeUndefined();
  });

  it.each([
    ['', 'password is required'],
    ['nine-char', 'password must be at least 10 characters'],
    ['x'.repeat(129), 'password must be at most 128 characters'],
    ['aaaaaaaaaaaa', 'password must not be one character repeated'],
    ['AMINA.BENALI@shop.dz', 'password must not be your email address or your name'],
    ['amina benali', 'password must not be your email address or your name'],
    ['aminabenali', 'password must not be your email address or your name'],
    ['1234567890', 'password is too common: choose one that is not on lists of known passwords'],
    ['Qwertyuiop', 'password is too common: choose one that is not on lists of known passwords'],
  ])('refuses %j with "%s"', (password, message) => {
    expect(messageFor({ ...owner, password })).toBe(message);
  });

  it('checks length in characters, so accented passwords count as people count them', () => {
    expect(passwordProblem('été-à-oran', {})).toBeUndefined();
  });

  it('works without a name or email beside the password (a password reset)', () => {
    expect(passwordProblem('souk-el-fellah')).toBeUndefined();
    expect(passwordProblem('password12')).toMatch(/too common/);
  });
});
