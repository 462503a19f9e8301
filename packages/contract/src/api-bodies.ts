import type { z } from 'zod';
import {
  activateBody,
  emailBody,
  loginBody,
  registerBody,
  retrievePasswordBody,
  sendEmailCodeBody,
  thirdPartyRegisterBody,
  upForumNameBody,
  upInformationBody,
  upPasswordBody,
} from './auth';
import { addAvatarBody, setAvatarStatusBody, upAvatarBody, useLibraryAvatarBody } from './avatars';
import { addCartBody, delCartBody, mergeCartBody } from './cart';
import {
  addCouponCodeBody,
  addInviteCodeBody,
  checkCdkBody,
  setCodeEnabledBody,
  upCouponCodeBody,
  upInviteCodeBody,
} from './codes';
import { idBody } from './common';
import { contactBody } from './contact';
import {
  addFileTypeBody,
  answerBody,
  projectForm,
  questionnaireBody,
  readMessageBody,
  rejectProjectBody,
  replyCommentBody,
  upCapacityBody,
  upFileTypeBody,
  upProjectBody,
} from './creator';
import {
  addBoardBody,
  addPostBody,
  addThreadBody,
  likePostBody,
  moderateThreadBody,
  projectThreadBody,
  solveThreadBody,
  upBoardBody,
  upPostBody,
} from './forum';
import { institutionApplyBody, institutionDecideBody } from './institution';
import { importPackBody, updateModelBody } from './library';
import { addLiveBody, checkLivePasswordBody, upLiveBody } from './live';
import { addCommentBody, projectIdBody, reportBody, setScoreBody } from './market';
import { payBody, placeOrderBody } from './orders';
import { addComboBody, placePlanOrderBody, setComboBody, upComboBody } from './plans';
import {
  addPermissionBody,
  addRoleBody,
  distributePowerBody,
  updatePermissionBody,
  updateRoleBody,
  userManageBody,
} from './rbac';
import { reportDecideBody } from './reports';
import { restoreSceneBody, saveSceneBody, submitSceneBody } from './scenes';
import { pushMessageBody } from './station';
import { addTagBody, mergeTagBody, setTagBody, upTagBody } from './tags';
import {
  cashOutBody,
  cashOutDecideBody,
  coinExchangeBody,
  coinRuleUpdateBody,
  payoutMethodBody,
  walletAdjustBody,
} from './wallet';
import { addWorldBody, delChatRecordBody, delWorldBody, kickBody, unbanBody, upWorldBody, worldSceneBody } from './world';

/**
 * The body schema of every JSON API route that takes one, keyed by path without the `/api` prefix: the schema the
 * server's route declares (a server test holds the two together). The web tests' fake server checks the bodies the
 * pages send against it, so a page cannot send what the real server would refuse.
 */
export const API_BODIES: Readonly<Record<string, z.ZodType>> = {
  '/activate': activateBody,
  '/approval/approve_project': idBody,
  '/approval/cash_out_decide': cashOutDecideBody,
  '/approval/institution_decide': institutionDecideBody,
  '/approval/reject_project': rejectProjectBody,
  '/approval/wallet_adjust': walletAdjustBody,
  '/avatar/add_avatar': addAvatarBody,
  '/avatar/del_avatar': idBody,
  '/avatar/set_avatar_status': setAvatarStatusBody,
  '/avatar/up_avatar': upAvatarBody,
  '/avatar/use_library_avatar': useLibraryAvatarBody,
  '/collection/add_collection': projectIdBody,
  '/combo/add_combo': addComboBody,
  '/combo/del_combo': idBody,
  '/combo/set_combo': setComboBody,
  '/combo/up_combo': upComboBody,
  '/comment/add_comment': addCommentBody,
  '/comment/reply_comment': replyCommentBody,
  '/explore/add_world': addWorldBody,
  '/explore/del_chat_record': delChatRecordBody,
  '/explore/del_world': delWorldBody,
  '/explore/kick': kickBody,
  '/explore/unban': unbanBody,
  '/explore/up_world': upWorldBody,
  '/forum/add_board': addBoardBody,
  '/forum/add_post': addPostBody,
  '/forum/add_thread': addThreadBody,
  '/forum/del_post': idBody,
  '/forum/like_post': likePostBody,
  '/forum/moderate_thread': moderateThreadBody,
  '/forum/project_thread': projectThreadBody,
  '/forum/solve_thread': solveThreadBody,
  '/forum/up_board': upBoardBody,
  '/forum/up_post': upPostBody,
  '/home_page/set_score': setScoreBody,
  '/library/import_pack': importPackBody,
  '/library/update_model': updateModelBody,
  '/live/add_live': addLiveBody,
  '/live/check_password': checkLivePasswordBody,
  '/live/del_live': idBody,
  '/live/end_live': idBody,
  '/live/rotate_key': idBody,
  '/live/up_live': upLiveBody,
  '/login': loginBody,
  '/message/push_message': pushMessageBody,
  '/message/read_message': readMessageBody,
  '/meta/world_scene': worldSceneBody,
  '/order/place_order': placeOrderBody,
  '/order/place_plan_order': placePlanOrderBody,
  '/pay/pay': payBody,
  '/permissions/add_permissions': addPermissionBody,
  '/permissions/del_permissions': idBody,
  '/permissions/permissions_update': updatePermissionBody,
  '/project/add_project': projectForm,
  '/project/del_project': idBody,
  '/project/restore_scene': restoreSceneBody,
  '/project/save_scene': saveSceneBody,
  '/project/submit_scene': submitSceneBody,
  '/project/up_project': upProjectBody,
  '/questionnaire/answer_questionnaire': answerBody,
  '/questionnaire/save_questionnaire': questionnaireBody,
  '/register': registerBody,
  '/register_status_judge': emailBody,
  '/reports/report_decide': reportDecideBody,
  '/reports/set_reports': reportBody,
  '/resend_activation': emailBody,
  '/retrieve_password': retrievePasswordBody,
  '/role/add_role': addRoleBody,
  '/role/del_role': idBody,
  '/role/role_distribution_power': distributePowerBody,
  '/role/role_update': updateRoleBody,
  '/send_contact_us': contactBody,
  '/send_email_code': sendEmailCodeBody,
  '/send_register_email_code': emailBody,
  '/shopping_cart/add_cart': addCartBody,
  '/shopping_cart/del_cart': delCartBody,
  '/shopping_cart/merge_cart': mergeCartBody,
  '/system/add_filetype': addFileTypeBody,
  '/system/del_filetype': idBody,
  '/system/up_capacity': upCapacityBody,
  '/system/up_filetype': upFileTypeBody,
  '/tag/add_tag': addTagBody,
  '/tag/merge_tag': mergeTagBody,
  '/tag/set_tag': setTagBody,
  '/tag/up_tag': upTagBody,
  '/third_party_register': thirdPartyRegisterBody,
  '/user/add_coupon_code': addCouponCodeBody,
  '/user/add_invite_code': addInviteCodeBody,
  '/user/check_cdk': checkCdkBody,
  '/user/coin_exchange': coinExchangeBody,
  '/user/del_coupon_code': idBody,
  '/user/del_invite_code': idBody,
  '/user/del_user': idBody,
  '/user/grant_seat': idBody,
  '/user/institution_apply': institutionApplyBody,
  '/user/release_seat': idBody,
  '/user/set_coupon_code': setCodeEnabledBody,
  '/user/set_invite_code': setCodeEnabledBody,
  '/user/up_coupon_code': upCouponCodeBody,
  '/user/up_forum_name_info': upForumNameBody,
  '/user/up_information_info': upInformationBody,
  '/user/up_invite_code': upInviteCodeBody,
  '/user/up_password': upPasswordBody,
  '/user/user_manage': userManageBody,
  '/wallet/add_payout_method': payoutMethodBody,
  '/wallet/cash_out': cashOutBody,
  '/wallet/coin_rule_update': coinRuleUpdateBody,
  '/wallet/del_payout_method': idBody,
};

/**
 * Routes whose body schema is written in the server route rather than in the contract. `/pay/sandbox/complete` is
 * the built-in payment sandbox's hosted page posting its own HTML form (form-encoded, answered with a page or a
 * redirect): no part of the JSON API and never called by the web app.
 */
export const BODIES_OUTSIDE_CONTRACT: readonly string[] = ['/pay/sandbox/complete'];
