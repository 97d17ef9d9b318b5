import { describe, expect, it } from 'vitest';
import {
  hasResetToken,
  validateForgotPassword,
  validateRegistration,
  validateResetPassword,
} from '../../../web/src/features/auth/validation';
import { parseSnapshot } from '../../../web/src/features/auth/sessionSnapshot';

const validRegistration = {
  practiceName: 'Karoo Vet Clinic',
  email: 'vet@karoo.co.za',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('validateRegistration (spec section 5)', () => {
  it('accepts a complete, valid registration', () => {
    expect(validateRegistration(validRegistration)).toBeNull();
  });

  it('requires all four fields', () => {
    expect(validateRegistration({ ...validRegistration, practiceName: '  ' })).toEqual({
      title: 'Missing fields',
      description: 'Please fill in all fields',
      field: 'practiceName',
    });
    expect(validateRegistration({ ...validRegistration, confirmPassword: '' })?.field).toBe(
      'confirmPassword',
    );
  });

  it("reports 'Password mismatch' / 'Passwords do not match'", () => {
    expect(validateRegistration({ ...validRegistration, confirmPassword: 'secret2' })).toEqual({
      title: 'Password mismatch',
      description: 'Passwords do not match',
      field: 'confirmPassword',
    });
  });

  it("reports 'Password too short' under 6 characters (5 fails, 6 passes)", () => {
    expect(
      validateRegistration({ ...validRegistration, password: 'abcde', confirmPassword: 'abcde' }),
    ).toEqual({
      title: 'Password too short',
      description: 'Password must be at least 6 characters',
      field: 'password',
    });
    expect(
      validateRegistration({ ...validRegistration, password: 'abcdef', confirmPassword: 'abcdef' }),
    ).toBeNull();
  });

  it("reports 'Please enter a valid email address'", () => {
    for (const email of ['not-an-email', 'vet@', 'vet @karoo.co.za']) {
      expect(validateRegistration({ ...validRegistration, email })?.description).toBe(
        'Please enter a valid email address',
      );
    }
  });
});

describe('validateForgotPassword', () => {
  it("reports 'Email required' / 'Please enter your email address' when empty", () => {
    expect(validateForgotPassword('  ')).toEqual({
      title: 'Email required',
      description: 'Please enter your email address',
      field: 'email',
    });
    expect(validateForgotPassword('vet@karoo.co.za')).toBeNull();
    expect(validateForgotPassword('nope')?.description).toBe('Please enter a valid email address');
  });
});

describe('validateResetPassword (minimum 8, unlike registration)', () => {
  const valid = { token: 'abc', password: 'longenough', confirmPassword: 'longenough' };

  it('accepts a valid reset', () => {
    expect(validateResetPassword(valid)).toBeNull();
  });

  it('checks token, then empty fields, then length, then match', () => {
    expect(validateResetPassword({ ...valid, token: null })).toMatchObject({
      title: 'Invalid link',
      description: 'Password reset link is missing or invalid',
    });
    expect(validateResetPassword({ ...valid, confirmPassword: '' })).toMatchObject({
      title: 'Missing fields',
      description: 'Please fill in all fields',
      field: 'confirmPassword',
    });
    expect(
      validateResetPassword({ ...valid, password: 'short12', confirmPassword: 'short12' }),
    ).toMatchObject({
      title: 'Password too short',
      description: 'Password must be at least 8 characters',
    });
    expect(validateResetPassword({ ...valid, confirmPassword: 'longenougH' })).toMatchObject({
      title: "Passwords don't match",
      description: 'Please make sure both passwords are the same',
    });
  });

  it('treats a blank token as missing', () => {
    expect(hasResetToken(null)).toBe(false);
    expect(hasResetToken('  ')).toBe(false);
    expect(hasResetToken('t0k3n')).toBe(true);
  });
});

describe('parseSnapshot (the remembered user for offline starts)', () => {
  it('keeps only the known fields and rejects garbage', () => {
    expect(parseSnapshot('{"id":"u1","email":"a@b.co","practiceName":"P","isAdmin":1,"extra":"x"}')).toEqual({
      success: true,
      user: { id: 'u1', email: 'a@b.co', practiceName: 'P', isAdmin: 1 },
    });
    expect(parseSnapshot('{"id":"u1","email":"a@b.co"}')?.user).toEqual({
      id: 'u1',
      email: 'a@b.co',
      practiceName: null,
      isAdmin: 0,
    });
    expect(parseSnapshot('{"email":"a@b.co"}')).toBeNull();
    expect(parseSnapshot('[')).toBeNull();
  });
});
