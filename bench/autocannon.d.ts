// autocannon ships no types; the benches use its documented options and result fields.
declare module 'autocannon';
