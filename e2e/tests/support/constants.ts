/** The fixed SMS code the e2e server accepts (SMS_FIXED_CODE). */
export const smsCode = '246810';
export const adminAccount = 'admin@example.com';
export const adminPassword = 'Admin12345';
