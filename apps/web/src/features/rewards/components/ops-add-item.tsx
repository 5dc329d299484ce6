// 添加卡券 on /ops/rewards (docs/api.md "Rewards operations"): a rewards manager adds a voucher to the catalogue
// here rather than with the admin command. It is added off offer, with no points cost and no stock, so adding
// it gives nobody anything; the item's own row then sets its cost, stock and offer, checked like any change.
// The server checks the id and the lengths (services/rewards-operations.ts addItem); the form only shapes input.
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { opsRewards } from '../api/ops-rewards';
import type { RunChange } from './ops-rewards-sections';

export function AddItemForm({ run }: { run: NonNullable<RunChange> }) {
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [validDays, setValidDays] = useState('30');
  const complete = id.trim() !== '' && name.trim() !== '' && description.trim() !== '' && /^\d+$/.test(validDays);
  async function handleAdd(event: FormEvent) {
    event.preventDefault();
    if (!complete) return;
    const item = { id: id.trim(), name: name.trim(), description: description.trim(), validDays: Number(validDays) };
    if (await run(() => opsRewards.addItem(item), `已添加卡券 ${item.name}：尚未上架，请在下方设置所需积分和库存后上架`)) {
      setId('');
      setName('');
      setDescription('');
      setValidDays('30');
    }
  }
  return (
    <form onSubmit={(event) => void handleAdd(event)} aria-label="添加卡券" className="ops-rewards__fields ops-rewards__add-item">
      <label>
        编号（小写字母、数字或 -）
        <input value={id} maxLength={36} autoComplete="off" onChange={(e) => setId(e.target.value.toLowerCase())} />
      </label>
      <label>
        名称
        <input value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="ops-rewards__wide">
        说明
        <input value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label>
        领取后有效天数
        <input inputMode="numeric" maxLength={4} value={validDays} onChange={(e) => setValidDays(e.target.value.replace(/\D/g, ''))} />
      </label>
      <Button type="submit" variant="secondary" disabled={!complete}>
        添加卡券
      </Button>
    </form>
  );
}
