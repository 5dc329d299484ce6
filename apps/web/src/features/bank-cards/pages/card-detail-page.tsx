// /bank-cards/detail?id= (银行卡详情; docs/api.md "Bank cards"): one card, masked (SPEC §3), its reserved
// phone (masked), when it was bound, its agreement-payment limits and the 快捷支付协议 it was bound under
// (/bank-cards/agreement: version and date agreed); 设为默认卡, and 解绑 confirmed by an
// SMS code of purpose 'unbind-card' to the account's own phone (lib/use-sms-code.ts, the shared code field).
import { useEffect, useState } from 'react';
import { chinaDate, CODE, SUBCODE } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { SmsCodeField } from '../../../components/sms-code-field';
import { reportCallFailure } from '../../../lib/api-errors';
import { toast } from '../../../lib/notify';
import { useRouter, useSearchParams } from '../../../lib/router-react';
import { useSmsCode, warmSmsSender } from '../../../lib/use-sms-code';
import { refreshBankCardList, useBankCardList } from '../api/bank-card-list';
import { makeDefault, unbind } from '../api/manage-bankcard';
import { BankCardFace } from '../components/bank-card-face';
import { BankCardsSkeleton } from '../components/bank-cards-skeleton';
import '../components/bank-cards.css';

const CODE_SUBCODES: readonly string[] = [SUBCODE.SMS_CODE_WRONG, SUBCODE.SMS_CODE_EXPIRED, SUBCODE.SMS_VERIFY_LOCKED];

const yuanText = (yuan: number) => (yuan >= 10_000 ? `${yuan / 10_000}万元` : `${yuan}元`);

export default function CardDetailPage() {
  const router = useRouter();
  const id = useSearchParams().get('id');
  const list = useBankCardList();
  const sms = useSmsCode({ purpose: 'unbind-card' });
  const [unbinding, setUnbinding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useEffect(warmSmsSender, []);

  const card = list.data?.items.find((item) => item.cardId === id);
  if (list.status === 'loading') return <BankCardsSkeleton title="银行卡详情" cards={1} rows={5} />;
  if (!card) {
    return (
      <Page title="银行卡详情" lead="银行卡不存在或已解绑。">
        <Link className="btn btn--primary btn--block" to="/bank-cards">
          返回我的银行卡
        </Link>
      </Page>
    );
  }

  async function handleDefault() {
    if (!card) return;
    try {
      const response = await makeDefault({ cardId: card.cardId });
      if (response.code === CODE.OK) {
        refreshBankCardList();
        toast('已设为默认卡', 'success');
      }
    } catch (error) {
      reportCallFailure(error);
    }
  }

  async function handleUnbind() {
    if (!card) return;
    setConfirming(false);
    let response;
    try {
      response = await unbind({ cardId: card.cardId, smsCode: sms.code });
    } catch (error) {
      return reportCallFailure(error);
    }
    if (response.code === CODE.OK) {
      refreshBankCardList();
      toast('解绑成功', 'success');
      return void router.navigate('/bank-cards', { replace: true });
    }
    if (response.code === CODE.SILENT || response.code === CODE.UNAUTHORIZED) return;
    const text = response.submsg || response.msg;
    if (response.subcode && CODE_SUBCODES.includes(response.subcode)) return sms.showError(text);
    toast(text, 'fail');
  }

  return (
    <Page title="银行卡详情">
      <BankCardFace card={card} />
      <Card label="银行卡信息">
        <dl className="bank-cards__info">
          <div className="bank-cards__row">
            <dt>银行卡号</dt>
            <dd>{card.maskedNumber}</dd>
          </div>
          <div className="bank-cards__row">
            <dt>卡类型</dt>
            <dd>借记卡</dd>
          </div>
          <div className="bank-cards__row">
            <dt>预留手机号</dt>
            <dd>{card.maskedPhone}</dd>
          </div>
          <div className="bank-cards__row">
            <dt>快捷支付限额</dt>
            <dd>
              单笔{yuanText(card.singleLimit)}，单日{yuanText(card.dailyLimit)}
            </dd>
          </div>
          <div className="bank-cards__row">
            <dt>绑定时间</dt>
            <dd>{chinaDate(card.boundAt)}</dd>
          </div>
          <div className="bank-cards__row">
            <dt>快捷支付协议</dt>
            <dd>
              <Link to={`/bank-cards/agreement?id=${encodeURIComponent(card.cardId)}`}>{card.agreement ? `查看（${card.agreement.version}版）` : '查看'}</Link>
            </dd>
          </div>
        </dl>
      </Card>
      {card.isDefault && unbinding ? null : (
        <div className="bank-cards__actions">
          {card.isDefault ? null : (
            <Button block onClick={() => void handleDefault()}>
              设为默认卡
            </Button>
          )}
          {unbinding ? null : (
            <Button variant="secondary" block onClick={() => setUnbinding(true)}>
              解绑银行卡
            </Button>
          )}
        </div>
      )}
      {unbinding ? (
        <Card label="解绑验证">
          <p className="bank-cards__holder">解绑需验证您的账号手机号，验证码将发送至您登录的手机号。</p>
          <SmsCodeField sms={sms} />
          <div className="bank-cards__actions">
            <Button block onClick={() => sms.checkCode() && setConfirming(true)}>
              确认解绑
            </Button>
            <Button variant="text" block onClick={() => setUnbinding(false)}>
              暂不解绑
            </Button>
          </div>
        </Card>
      ) : null}
      <Dialog
        open={confirming}
        title="确认解绑该银行卡？"
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              取消
            </Button>
            <Button onClick={() => void handleUnbind()}>确认解绑</Button>
          </>
        }
      >
        解绑后该卡将不能用于借款到账和还款{card.isDefault ? '；如您还有其他银行卡，最近绑定的一张将成为默认卡' : ''}。
      </Dialog>
    </Page>
  );
}
