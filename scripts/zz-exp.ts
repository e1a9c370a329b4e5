import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const children = () => { const f = readFileSync('/proc/self/stat','utf8').split(') ')[1]!.split(' '); return Number(f[13]) + Number(f[14]); };
const extra = (process.env.FLAGS ?? '').split(' ').filter(Boolean);
const c0 = children();
const browser = await chromium.launch({ executablePath: process.env.EXE ?? '/usr/bin/chromium-headless-shell',
  args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-dev-shm-usage', ...extra] });
for (let i = 0; i < 4; i++) {
  const context = await browser.newContext({ baseURL: 'http://127.0.0.1:4500', reducedMotion: process.env.RM ? 'reduce' : undefined });
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('#root:not([inert])').waitFor();
  await page.locator('#sign-in_lastName').fill('Garcia');
  await page.locator('#sign-in_option2').selectOption({ label: 'Date of birth' });
  await page.locator('#sign-in_option1').selectOption({ label: 'Last 4 of SSN' });
  await page.locator('#sign-in_socialSecurityNumber').fill('1234');
  await page.locator('#sign-in_dateOfBirth').fill('01/15/1980');
  await page.locator('#sign-in button[type="submit"]').click();
  await page.waitForURL(/dashboard/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.goto('/accounts/LU1.10001');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.goto('/accounts/LU1.10001/payment/one-time/arrangement');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(500);
  await context.close();
}
await browser.close();
console.log(`${process.env.LABEL}: browser tree CPU ${children() - c0} jiffies`);
