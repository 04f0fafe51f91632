import { ADMIN_PERMISSIONS, mayAct, mayDo, mayRead, type AdminPermission } from './roles';

const PERMISSIONS = Object.keys(ADMIN_PERMISSIONS) as AdminPermission[];

test('the auditor reads what every permission guards and changes none of it', () => {
  expect(PERMISSIONS.filter((permission) => !mayRead(['auditor'], permission))).toEqual([]);
  expect(PERMISSIONS.filter((permission) => mayAct(['auditor'], permission))).toEqual([]);
});

test('any other role reads and acts on what its permissions guard, and an auditor who also holds it acts by it', () => {
  for (const permission of PERMISSIONS) {
    expect(mayRead(['editor'], permission)).toBe(mayDo(['editor'], permission));
    expect(mayAct(['finance'], permission)).toBe(mayDo(['finance'], permission));
    expect(mayAct(['auditor', 'finance'], permission)).toBe(mayDo(['finance'], permission));
  }
  expect(mayAct(['auditor', 'finance'], 'vouchers')).toBe(true);
});
