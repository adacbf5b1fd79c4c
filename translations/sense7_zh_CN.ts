<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AnalysisRows</name>
    <message>
        <source>ICC(2,1)</source>
        <translation>ICC(2,1)</translation>
    </message>
    <message>
        <source>ICC(3,1)</source>
        <translation>ICC(3,1)</translation>
    </message>
    <message>
        <source>Two-way random effects, absolute agreement, single rating (Shrout &amp; Fleiss): ratings and re-ratings of the same replies</source>
        <translation>双向随机效应，绝对一致性，单次评分（Shrout &amp; Fleiss）：对同一批回复的评分与重新评分</translation>
    </message>
    <message>
        <source>Two-way mixed effects, consistency, single rating (Shrout &amp; Fleiss): a shift between rating and re-rating does not count</source>
        <translation>双向混合效应，一致性，单次评分（Shrout &amp; Fleiss）：评分与重新评分之间的整体偏移不计入</translation>
    </message>
    <message>
        <source>α self + observers</source>
        <translation>α 本人 + 观察者</translation>
    </message>
    <message>
        <source>α observers</source>
        <translation>α 观察者</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s α (ordinal) with the participant and every observer as coders</source>
        <translation>以参与者和每位观察者为编码者的 Krippendorff&apos;s α（有序）</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s α (ordinal) among observers only</source>
        <translation>仅观察者之间的 Krippendorff&apos;s α（有序）</translation>
    </message>
    <message>
        <source>ICC(2,1): two-way random effects, absolute agreement, single rating</source>
        <translation>ICC(2,1)：双向随机效应，绝对一致性，单次评分</translation>
    </message>
    <message>
        <source>ICC(3,1): two-way mixed effects, consistency, single rating</source>
        <translation>ICC(3,1)：双向混合效应，一致性，单次评分</translation>
    </message>
    <message>
        <source>Replies rated by every rater of the group (the others are left out)</source>
        <translation>该组每位评分者都评过的回复（其余回复不计入）</translation>
    </message>
    <message>
        <source>Retest ICC(2,1)</source>
        <translation>重测 ICC(2,1)</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Self+obs. ICC(2,1)</source>
        <translation>本人+观察者 ICC(2,1)</translation>
    </message>
    <message>
        <source>Observers ICC(2,1)</source>
        <translation>观察者 ICC(2,1)</translation>
    </message>
    <message>
        <source>Participants against their own blind re-ratings. %1</source>
        <translation>参与者与其本人的盲法重新评分对比。%1</translation>
    </message>
    <message>
        <source>The participant and every observer. %1</source>
        <translation>参与者与每位观察者。%1</translation>
    </message>
    <message>
        <source>Observers only. %1</source>
        <translation>仅观察者。%1</translation>
    </message>
    <message>
        <source>Between participants</source>
        <translation>参与者间</translation>
    </message>
    <message>
        <source>Ratings</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>Participants&apos; own ratings with a value</source>
        <translation>有值的参与者本人评分</translation>
    </message>
    <message>
        <source>Mean over dimensions</source>
        <translation>各维度均值</translation>
    </message>
    <message>
        <source>Majority rating</source>
        <translation>多数评分</translation>
    </message>
    <message>
        <source>Participant&apos;s own mean (other conversations)</source>
        <translation>参与者自身均值（其他对话）</translation>
    </message>
    <message>
        <source>SENSE-7 paper&apos;s classifier (reference)</source>
        <translation>SENSE-7 论文的分类器（参照）</translation>
    </message>
    <message>
        <source>ρ, Fisher z</source>
        <translation>ρ，Fisher z</translation>
    </message>
    <message>
        <source>ρ, Fisher z (n − 3)</source>
        <translation>ρ，Fisher z（n − 3）</translation>
    </message>
    <message>
        <source>Mean of ρ over dimensions through Fisher&apos;s z: tanh of the mean of atanh(ρ). The Spearman ρ column is the plain mean, as the SENSE-7 paper reports it</source>
        <translation>通过 Fisher z 计算的各维度 ρ 均值：atanh(ρ) 均值的 tanh。Spearman ρ 列为简单平均，与 SENSE-7 论文的报告方式一致</translation>
    </message>
    <message>
        <source>Mean of ρ through Fisher&apos;s z, each dimension weighted by n − 3 (the inverse variance of z)</source>
        <translation>通过 Fisher z 计算的 ρ 均值，每个维度按 n − 3（z 的方差倒数）加权</translation>
    </message>
    <message>
        <source>Δρ, own mean</source>
        <translation>Δρ，自身均值</translation>
    </message>
    <message>
        <source>Δaccuracy, majority</source>
        <translation>Δ准确率，多数</translation>
    </message>
    <message>
        <source>Δaccuracy, own mean</source>
        <translation>Δ准确率，自身均值</translation>
    </message>
    <message>
        <source>Fallbacks</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>with a 95% bootstrap interval of the difference, resampling the same clusters for model and floor</source>
        <translation>并附差值的 95% 自助法区间，模型与基线对相同的聚类重抽样</translation>
    </message>
    <message>
        <source>Model ρ minus the own-mean floor&apos;s ρ, %1. The majority floor is constant and has no ρ</source>
        <translation>模型 ρ 减去自身均值基线的 ρ，%1。多数基线为常数，没有 ρ</translation>
    </message>
    <message>
        <source>Model accuracy minus the majority floor&apos;s, %1</source>
        <translation>模型准确率减去多数基线的准确率，%1</translation>
    </message>
    <message>
        <source>Model accuracy minus the own-mean floor&apos;s, %1</source>
        <translation>模型准确率减去自身均值基线的准确率，%1</translation>
    </message>
    <message>
        <source>Replies of participants with a single conversation, for whom the own-mean floor uses the majority rating</source>
        <translation>只有一个对话的参与者的回复，对这些参与者，自身均值基线改用多数评分</translation>
    </message>
    <message>
        <source>One-way ICC(1) for groups of unequal size: the share of the variance of participants&apos; own ratings that lies between participants. An estimate: below 0 where participants differ no more than their ratings vary within each; read that as none</source>
        <translation>适用于组大小不等情况的单向 ICC(1)：参与者本人评分的方差中位于参与者之间的比例。这是一个估计值：当参与者之间的差异不大于各自评分内部的波动时，它会低于 0；应将其视为没有差异</translation>
    </message>
</context>
<context>
    <name>Tr</name>
    <message>
        <source>%1 has not joined a study server: run sense7 join first.</source>
        <translation>%1 尚未加入研究服务器：请先运行 sense7 join。</translation>
    </message>
    <message>
        <source>The study&apos;s protocol does not allow sharing data.</source>
        <translation>研究的协议不允许分享数据。</translation>
    </message>
    <message>
        <source>%1 has joined the study server %2 already; a data set syncs with one study server.</source>
        <translation>%1 已加入研究服务器 %2；一个数据集只能与一个研究服务器同步。</translation>
    </message>
    <message>
        <source>%1 holds data under a protocol that the study&apos;s (%2) cannot take, so it cannot join: %3</source>
        <translation>%1 中的数据所依据的协议与该研究的协议（%2）不兼容，因此无法加入：%3</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Rate and analyse perceived empathy in AI conversations.</source>
        <translation>对 AI 对话中感知到的共情进行评分与分析。</translation>
    </message>
    <message>
        <source>The data set to open.</source>
        <translation>要打开的数据集。</translation>
    </message>
    <message>
        <source>Save a picture of the window to FILE (PNG) and quit.</source>
        <translation>将窗口截图保存到 FILE（PNG）后退出。</translation>
    </message>
    <message>
        <source>Open the illustrative demo data (a copy in your data folder).</source>
        <translation>打开示例演示数据（保存在你的数据文件夹中的副本）。</translation>
    </message>
    <message>
        <source>Sense-7 Studio</source>
        <translation>Sense-7 Studio</translation>
    </message>
    <message>
        <source>Start on the conversation KEY: its id, source id or content hash.</source>
        <translation>从对话 KEY 开始：其编号、来源编号或内容哈希。</translation>
    </message>
    <message>
        <source>%1 has no conversation %2.</source>
        <translation>%1 中没有对话 %2。</translation>
    </message>
    <message>
        <source>Show the studio in LANG (en, zh_CN) this time, whatever Preferences say.</source>
        <translation>本次以 LANG（en、zh_CN）语言显示，不论首选项如何设置。</translation>
    </message>
    <message>
        <source>Use the light or dark theme this time.</source>
        <translation>本次使用浅色或深色主题。</translation>
    </message>
    <message>
        <source>Resume the live conversation given by --conversation in a new sitting (Study &gt; Resume conversation).</source>
        <translation>在新的会话中继续 --conversation 指定的实时对话（研究 &gt; 继续对话）。</translation>
    </message>
    <message>
        <source>With --resume: send TEXT, as if typed and sent with Ctrl+Enter.</source>
        <translation>与 --resume 一起使用：发送 TEXT，如同输入后按 Ctrl+Enter 发送。</translation>
    </message>
    <message>
        <source>With --resume: leave TEXT typed, unsent, in the message box.</source>
        <translation>与 --resume 一起使用：将 TEXT 填入消息框，但不发送。</translation>
    </message>
    <message>
        <source>%1: cannot resume %2: %3</source>
        <translation>%1：无法继续 %2：%3</translation>
    </message>
</context>
<context>
    <name>pg</name>
    <message>
        <source>--sslmode must be one of %1, not &quot;%2&quot;.</source>
        <translation>--sslmode 必须是 %1 之一，而不是“%2”。</translation>
    </message>
</context>
<context>
    <name>sense7</name>
    <message>
        <source>Tidy CSV, one row per rating (*.csv)</source>
        <translation>整洁 CSV，每个评分一行 (*.csv)</translation>
    </message>
    <message>
        <source>JSON Lines, one conversation a line (*.jsonl)</source>
        <translation>JSON Lines，每行一个对话 (*.jsonl)</translation>
    </message>
    <message>
        <source>Sense-7 bundle (*.json)</source>
        <translation>Sense-7 数据包 (*.json)</translation>
    </message>
    <message>
        <source>Export Data</source>
        <translation>导出数据</translation>
    </message>
    <message>
        <source>Wrote %1 conversations and %2 ratings to:
%3</source>
        <translation>已将 %1 个对话和 %2 个评分写入：
%3</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>正在导出…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
</context>
<context>
    <name>sense7::AggregateView</name>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>&amp;Group by</source>
        <translation>分组依据(&amp;G)</translation>
    </message>
    <message>
        <source>Detection against flagged breaks</source>
        <translation>检测结果与标记断裂的对比</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Detected</source>
        <translation>检测到</translation>
    </message>
    <message>
        <source>Also flagged</source>
        <translation>同时被标记</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>Detection</source>
        <translation>检测</translation>
    </message>
    <message>
        <source>How often each detection rule fires on a reply the participant flagged (precision), and how many flagged replies it finds (recall)</source>
        <translation>每条检测规则触发的回复中有多少被参与者标记（精确率），以及它找到了多少被标记的回复（召回率）</translation>
    </message>
    <message>
        <source>Context field to group by</source>
        <translation>用于分组的情境字段</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln conversation(s)</source>
        <translation>
            <numerusform>%Ln 个对话</numerusform>
        </translation>
    </message>
    <message>
        <source>Any rule</source>
        <translation>任一规则</translation>
    </message>
    <message>
        <source>Any field of the conversations&apos; context: the context form&apos;s, or one an importer stored</source>
        <translation>对话情境中的任意字段：情境表单中的字段，或导入器存储的字段</translation>
    </message>
    <message>
        <source>Instrument whose ratings the charts show</source>
        <translation>图表所显示评分所属的量表</translation>
    </message>
    <message>
        <source>&amp;Instrument</source>
        <translation>量表(&amp;I)</translation>
    </message>
    <message>
        <source>Kruskal–Wallis test across the groups: %1</source>
        <translation>各组间的 Kruskal–Wallis 检验：%1</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>条件</translation>
    </message>
</context>
<context>
    <name>sense7::AgreementTableModel</name>
    <message>
        <source>Too few pairs for a rank correlation.</source>
        <translation>配对太少，无法计算等级相关。</translation>
    </message>
    <message>
        <source>Undefined: one side gives the same rating every time.</source>
        <translation>无定义：其中一方每次给出的评分都相同。</translation>
    </message>
    <message>
        <source>95% bootstrap interval: %1 to %2</source>
        <translation>95% 自助法区间：%1 至 %2</translation>
    </message>
    <message>
        <source>No pairs to compare.</source>
        <translation>没有可比较的配对。</translation>
    </message>
    <message>
        <source>Not enough ratings to compute this.</source>
        <translation>评分不足，无法计算。</translation>
    </message>
    <message>
        <source>Pairs of ratings compared</source>
        <translation>比较的评分配对数</translation>
    </message>
    <message>
        <source>Spearman rank correlation (ties averaged), with a 95% bootstrap interval</source>
        <translation>Spearman 等级相关（并列取平均秩），附 95% 自助法区间</translation>
    </message>
    <message>
        <source>Share of exactly equal ratings</source>
        <translation>评分完全一致的比例</translation>
    </message>
    <message>
        <source>Mean absolute difference in scale points</source>
        <translation>以量表分值计的平均绝对差</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Spearman ρ</source>
        <translation>Spearman ρ</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>MAE</source>
        <translation>MAE</translation>
    </message>
    <message>
        <source>QWK</source>
        <translation>QWK</translation>
    </message>
    <message numerus="yes">
        <source>%n reply(s) where exactly one side said “not applicable”: %1% of the %2 replies both sides answered.</source>
        <translation>
            <numerusform>%n 条回复中恰有一方选择了“不适用”：占双方都作答的 %2 条回复的 %1%。</numerusform>
        </translation>
    </message>
    <message>
        <source>On every point of the dimension&apos;s scale, used or not.</source>
        <translation>涵盖该维度量表上的每个点，无论是否被使用。</translation>
    </message>
    <message>
        <source>Cohen&apos;s κ with quadratic weights, on the dimension&apos;s full scale</source>
        <translation>二次加权 Cohen&apos;s κ，基于该维度的完整量表</translation>
    </message>
    <message>
        <source>Replies where exactly one side said “not applicable”, and their share of the replies both answered; they are left out of n and the statistics before</source>
        <translation>恰有一方选择“不适用”的回复，及其在双方都作答的回复中所占比例；这些回复不计入 n 及前面的统计量</translation>
    </message>
    <message>
        <source>Share of exactly equal ratings when a one-sided “not applicable” counts as a disagreement</source>
        <translation>将单方“不适用”计为不一致时，评分完全相同的比例</translation>
    </message>
    <message>
        <source>One-sided N/A</source>
        <translation>单方 N/A</translation>
    </message>
    <message>
        <source>Accuracy incl. N/A</source>
        <translation>准确率（含 N/A）</translation>
    </message>
</context>
<context>
    <name>sense7::AnalysisDialog</name>
    <message>
        <source>Reliability and evaluation</source>
        <translation>信度与评估</translation>
    </message>
    <message>
        <source>Participant</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>All participants</source>
        <translation>全部参与者</translation>
    </message>
    <message>
        <source>95% bootstrap intervals</source>
        <translation>95% 自助法区间</translation>
    </message>
    <message>
        <source>Computing</source>
        <translation>正在计算</translation>
    </message>
    <message>
        <source>&amp;Participant:</source>
        <translation>参与者(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Reliability</source>
        <translation>信度(&amp;R)</translation>
    </message>
    <message>
        <source>Classifier &amp;evaluation</source>
        <translation>分类器评估(&amp;E)</translation>
    </message>
    <message>
        <source>Test–retest</source>
        <translation>重测信度</translation>
    </message>
    <message>
        <source>Each participant&apos;s ratings against their own blind re-ratings of the same replies.</source>
        <translation>每位参与者的评分与其本人对同一回复的盲法重复评分的比较。</translation>
    </message>
    <message>
        <source>Individual judgements</source>
        <translation>个体化判断</translation>
    </message>
    <message>
        <source>Share of the variance of participants&apos; own ratings that lies between participants (one-way ICC): high values mean people judge the same behaviour differently.</source>
        <translation>参与者自评方差中位于参与者之间的比例（单因素 ICC）：数值越高，说明不同的人对同样的行为判断越不同。</translation>
    </message>
    <message>
        <source>Self and observers</source>
        <translation>自评与观察者</translation>
    </message>
    <message>
        <source>Participants&apos; own ratings against observers&apos;; Krippendorff&apos;s α (ordinal) with all of them as coders, and among observers only.</source>
        <translation>参与者自评与观察者评分的比较；以全部评分者为编码者的 Krippendorff α（有序），以及仅观察者之间的 α。</translation>
    </message>
    <message>
        <source>No model ratings in this data set yet.

Import predictions as a ratings CSV with annotator_kind “model”, or use Analysis ▸ Predict ratings… to ask a model.</source>
        <translation>此数据集中还没有模型评分。

请以 annotator_kind 为“model”的评分 CSV 导入预测，或使用“分析 ▸ 预测评分…”询问模型。</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>Agreement per dimension</source>
        <translation>各维度的一致性</translation>
    </message>
    <message>
        <source>&lt;b&gt;Means over dimensions, with floors on the same turns&lt;/b&gt;</source>
        <translation>&lt;b&gt;各维度平均值，以及在相同回合上的基线&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Means over dimensions, with floors on the same turns</source>
        <translation>各维度平均值，以及在相同回合上的基线</translation>
    </message>
    <message>
        <source>Dimension of the confusion matrix</source>
        <translation>混淆矩阵的维度</translation>
    </message>
    <message>
        <source>&amp;Confusion matrix of:</source>
        <translation>混淆矩阵(&amp;C)：</translation>
    </message>
    <message>
        <source>Confusion matrix</source>
        <translation>混淆矩阵</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Could not compute: %1</source>
        <translation>无法计算：%1</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message numerus="yes">
        <source>%1 re-rated pairs; %n observer(s).</source>
        <translation>
            <numerusform>%1 对重复评分；%n 名观察者。</numerusform>
        </translation>
    </message>
    <message>
        <source>Predictor</source>
        <translation>预测方式</translation>
    </message>
    <message>
        <source>%1: %2 pairs</source>
        <translation>%1：%2 对</translation>
    </message>
    <message>
        <source>Participant&apos;s rating</source>
        <translation>参与者的评分</translation>
    </message>
    <message>
        <source>Model&apos;s rating</source>
        <translation>模型的评分</translation>
    </message>
    <message>
        <source>Instrument</source>
        <translation>量表</translation>
    </message>
    <message>
        <source>Resample 1,000 times for intervals around ρ, accuracy and the model&apos;s difference from the floors. Slower on large data sets.</source>
        <translation>重抽样 1,000 次，得到 ρ、准确率以及模型与各基线之差的区间。在大型数据集上较慢。</translation>
    </message>
    <message>
        <source>Resample</source>
        <translation>重抽样</translation>
    </message>
    <message>
        <source>whole participants</source>
        <translation>整个参与者</translation>
    </message>
    <message>
        <source>whole conversations</source>
        <translation>整个对话</translation>
    </message>
    <message>
        <source>single pairs</source>
        <translation>单个配对</translation>
    </message>
    <message>
        <source>What the bootstrap draws with replacement. A person&apos;s ratings hang together, so resampling single pairs treats them as independent and gives intervals that are too narrow; resampling whole participants (or conversations) does not.</source>
        <translation>自助法有放回抽取的单位。同一个人的评分彼此相关，因此按单个配对重抽样会把它们当作相互独立，得到的区间过窄；按整个参与者（或对话）重抽样则不会。</translation>
    </message>
    <message>
        <source>I&amp;nstrument:</source>
        <translation>量表(&amp;N)：</translation>
    </message>
    <message>
        <source>resampling</source>
        <translation>重抽样</translation>
    </message>
    <message>
        <source>Mi&amp;xed models</source>
        <translation>混合模型(&amp;X)</translation>
    </message>
    <message>
        <source>Compare participants with</source>
        <translation>将参与者与以下对象比较</translation>
    </message>
    <message>
        <source>Every observer pooled (one pair per observer and reply), one observer, or the mean of the observers who rated each reply (one pair per reply; ρ and MAE only, since a mean is no point of the scale).</source>
        <translation>所有观察者合并（每位观察者与每条回复构成一对）、单个观察者，或评过每条回复的观察者的均值（每条回复一对；仅 ρ 和 MAE，因为均值不是量表上的点）。</translation>
    </message>
    <message>
        <source>Co&amp;mpare with:</source>
        <translation>比较对象(&amp;M)：</translation>
    </message>
    <message>
        <source>Intraclass correlations</source>
        <translation>组内相关系数</translation>
    </message>
    <message>
        <source>Where raters overlap: ICC(2,1) counts any shift between raters as disagreement, ICC(3,1) only inconsistency. Each uses the replies that every rater of its group rated (n).</source>
        <translation>在评分者有重叠之处：ICC(2,1) 把评分者之间的任何偏移都计为分歧，ICC(3,1) 只计入不一致性。每种都使用该组每位评分者都评过的回复（n）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Model minus floor, per dimension&lt;/b&gt;</source>
        <translation>&lt;b&gt;模型减基线，按维度&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The model&apos;s ρ and accuracy minus each floor&apos;s on the same replies, with 95% intervals from resampling the same clusters for both.</source>
        <translation>模型的 ρ 和准确率减去各基线在相同回复上的对应值，95% 区间通过对两者重抽样相同的聚类得到。</translation>
    </message>
    <message>
        <source>Model minus floor, per dimension</source>
        <translation>模型减基线，按维度</translation>
    </message>
    <message>
        <source>every observer, pooled</source>
        <translation>所有观察者，合并</translation>
    </message>
    <message>
        <source>observer %1</source>
        <translation>观察者 %1</translation>
    </message>
    <message>
        <source>the observers&apos; mean</source>
        <translation>观察者均值</translation>
    </message>
    <message>
        <source>The floors predict the same turns without reading them: always the most common rating, or the participant&apos;s own average in their other conversations (a person&apos;s known tendency, not this conversation).</source>
        <translation>基线在不读取回复的情况下预测相同的轮次：总是预测最常见的评分，或参与者在其他对话中的本人平均值（一个人已知的倾向，而非本次对话）。</translation>
    </message>
    <message>
        <source>The reference row is what Suh et al. (2025) report for their LLM classifier: mean ρ = %1, accuracy = %2.</source>
        <translation>参照行是 Suh 等人（2025）为其 LLM 分类器报告的结果：平均 ρ = %1，准确率 = %2。</translation>
    </message>
    <message>
        <source>Model “%1”: %2 rated pairs, %3 one-sided “not applicable”.</source>
        <translation>模型“%1”：%2 个已评分配对，%3 个单方“不适用”。</translation>
    </message>
</context>
<context>
    <name>sense7::AnnotationBar</name>
    <message>
        <source>Annotator</source>
        <translation>标注者</translation>
    </message>
    <message>
        <source>Participant</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>Whose conversations the list shows</source>
        <translation>列表显示谁的对话</translation>
    </message>
    <message>
        <source>Rate as</source>
        <translation>评分身份</translation>
    </message>
    <message>
        <source>Whose ratings you give and see. An observer does not see the participant&apos;s own ratings.</source>
        <translation>你以谁的身份评分并查看评分。观察者看不到参与者自己的评分。</translation>
    </message>
    <message>
        <source>Participant </source>
        <translation>参与者 </translation>
    </message>
    <message>
        <source>Rate as </source>
        <translation>评分身份 </translation>
    </message>
    <message>
        <source>All participants</source>
        <translation>全部参与者</translation>
    </message>
    <message>
        <source>Participant (self)</source>
        <translation>参与者（本人）</translation>
    </message>
    <message>
        <source>Observer %1</source>
        <translation>观察者 %1</translation>
    </message>
    <message>
        <source>New observer…</source>
        <translation>新观察者…</translation>
    </message>
    <message>
        <source>New observer</source>
        <translation>新观察者</translation>
    </message>
    <message>
        <source>A short code for the observer (a pseudonym, not a name):</source>
        <translation>观察者的简短代码（使用化名，不要用真实姓名）：</translation>
    </message>
</context>
<context>
    <name>sense7::AnnotationSession</name>
    <message>
        <source>Clear %1</source>
        <translation>清除 %1</translation>
    </message>
    <message>
        <source>Rate %1 not applicable</source>
        <translation>将 %1 评为不适用</translation>
    </message>
    <message>
        <source>Rate %1 %2</source>
        <translation>将 %1 评为 %2</translation>
    </message>
    <message>
        <source>Remove continuity flag</source>
        <translation>移除连贯性标记</translation>
    </message>
    <message>
        <source>Flag continuity break</source>
        <translation>标记连贯性中断</translation>
    </message>
    <message>
        <source>Edit note</source>
        <translation>编辑备注</translation>
    </message>
    <message>
        <source>Edit conversation context</source>
        <translation>编辑对话情境</translation>
    </message>
    <message>
        <source>Edit profile</source>
        <translation>编辑个人资料</translation>
    </message>
</context>
<context>
    <name>sense7::BrowserWindow</name>
    <message>
        <source>Data set — Sense-7 Studio</source>
        <translation>数据集 — Sense-7 Studio</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Double-click or press Enter to open a conversation</source>
        <translation>双击或按回车键打开对话</translation>
    </message>
    <message>
        <source>%1 — Data set — Sense-7 Studio</source>
        <translation>%1 — 数据集 — Sense-7 Studio</translation>
    </message>
    <message>
        <source>Preparing the data set for browsing…</source>
        <translation>正在准备数据集以供浏览…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Data set</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Some conversations are not summarised yet: their means and breaks show as empty. Press F5 to finish.</source>
        <translation>部分对话尚未汇总：其平均值和断裂显示为空。按 F5 完成。</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln conversation(s) loaded</source>
        <translation>
            <numerusform>已载入 %1 / %Ln 个对话</numerusform>
        </translation>
    </message>
    <message>
        <source>This data set is read-only and not fully summarised: some means and breaks show as empty.</source>
        <translation>此数据集为只读且尚未完全汇总：部分平均值和断裂显示为空。</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Export &amp;Figure…</source>
        <translation>导出图表(&amp;F)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Save the chart in front as PDF, SVG or PNG for a paper</source>
        <translation>将当前图表保存为 PDF、SVG 或 PNG，用于论文</translation>
    </message>
    <message>
        <source>Export &amp;Data…</source>
        <translation>导出数据(&amp;D)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Save the conversations the filters select as tidy CSV, JSON Lines or a bundle</source>
        <translation>将筛选出的对话保存为整洁 CSV、JSON Lines 或数据包</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Export Figure</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Search index %p%</source>
        <translation>搜索索引 %p%</translation>
    </message>
    <message>
        <source>The text search is being indexed. Meanwhile the search works, more slowly, on the text not indexed yet; everything else is ready.</source>
        <translation>正在为文本搜索建立索引。在此期间搜索仍可使用，对尚未索引的文本会慢一些；其他功能均已就绪。</translation>
    </message>
    <message>
        <source>Stop indexing for now: what is indexed stays, and F5 or the next opening goes on</source>
        <translation>暂停建立索引：已索引的部分会保留，按 F5 或下次打开时继续</translation>
    </message>
    <message>
        <source>The search index could not be extended: %1 The search reads the text not indexed yet, more slowly.</source>
        <translation>无法扩展搜索索引：%1 搜索会直接读取尚未索引的文本，速度较慢。</translation>
    </message>
    <message>
        <source>The search index is not finished: the search reads the rest of the text, more slowly. Press F5 to go on.</source>
        <translation>搜索索引尚未完成：搜索会直接读取其余文本，速度较慢。按 F5 继续。</translation>
    </message>
    <message>
        <source>The search index waits: the data set is being written (by another program, an import or a sync). The search reads the text not indexed yet, more slowly; press F5 to go on.</source>
        <translation>搜索索引正在等待：数据集正在被写入（另一个程序、导入或同步）。搜索会直接读取尚未索引的文本，速度较慢；按 F5 继续。</translation>
    </message>
</context>
<context>
    <name>sense7::ChatPane</name>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Your message</source>
        <translation>你的消息</translation>
    </message>
    <message>
        <source>Write your message. Enter starts a new line; %1 sends it.</source>
        <translation>输入你的消息。按 Enter 换行；按 %1 发送。</translation>
    </message>
    <message>
        <source>Send the message (%1)</source>
        <translation>发送消息（%1）</translation>
    </message>
    <message>
        <source>Stop the reply; what arrived is kept (Esc)</source>
        <translation>停止回复；已收到的内容会保留（Esc）</translation>
    </message>
    <message>
        <source>Ask for the failed reply again</source>
        <translation>重新请求失败的回复</translation>
    </message>
    <message>
        <source>Enter: new line · %1: send</source>
        <translation>Enter：换行 · %1：发送</translation>
    </message>
    <message>
        <source>Send the message (live conversation)</source>
        <translation>发送消息（实时对话）</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>New line in the message</source>
        <translation>在消息中换行</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Stop the reply as it arrives (what arrived is kept)</source>
        <translation>在回复传输过程中停止（已收到的内容会保留）</translation>
    </message>
    <message>
        <source>Study: new conversation</source>
        <translation>研究：新建对话</translation>
    </message>
    <message>
        <source>Study: resume the selected conversation</source>
        <translation>研究：继续所选对话</translation>
    </message>
    <message>
        <source>Study: end the conversation (context form)</source>
        <translation>研究：结束对话（情境表单）</translation>
    </message>
    <message>
        <source>Conversation with %1</source>
        <translation>与 %1 的对话</translation>
    </message>
    <message numerus="yes">
        <source>%1 Trying again in %n seconds…</source>
        <translation>
            <numerusform>%1 将在 %n 秒后重试…</numerusform>
        </translation>
    </message>
    <message>
        <source>Your message could not be saved as a draft: %1</source>
        <translation>你的消息无法保存为草稿：%1</translation>
    </message>
    <message>
        <source>%1 is replying…</source>
        <translation>%1 正在回复…</translation>
    </message>
</context>
<context>
    <name>sense7::ContextDialog</name>
    <message>
        <source>End conversation</source>
        <translation>结束对话</translation>
    </message>
    <message>
        <source>Before this conversation ends, answer a few questions about it. Questions marked as required need an answer.</source>
        <translation>在结束此对话之前，请回答几个关于它的问题。标为必填的问题必须作答。</translation>
    </message>
    <message>
        <source>Before the conversation can end: %1</source>
        <translation>对话尚不能结束：%1</translation>
    </message>
</context>
<context>
    <name>sense7::ConversationList</name>
    <message>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
</context>
<context>
    <name>sense7::ConversationTableModel</name>
    <message>
        <source>%1 of %2 assistant turns&apos; ratings given</source>
        <translation>已完成 %2 个助手回合评分的 %1</translation>
    </message>
    <message>
        <source>Participant</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>回合</translation>
    </message>
    <message>
        <source>Rated</source>
        <translation>已评分</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <comment>a condition&apos;s key and the assistant&apos;s label participants saw</comment>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>sense7::DataSetGuard</name>
    <message>
        <source>Damage</source>
        <translation>损坏</translation>
    </message>
    <message>
        <source>Restore backup…</source>
        <translation>恢复备份…</translation>
    </message>
    <message>
        <source>Checking %1 for damage…</source>
        <translation>正在检查 %1 是否损坏…</translation>
    </message>
    <message>
        <source>Opening %1</source>
        <translation>正在打开 %1</translation>
    </message>
    <message>
        <source>Its conversations are not shown until it is restored or salvaged.</source>
        <translation>在恢复或抢救之前，不显示其中的对话。</translation>
    </message>
    <message>
        <source>Making a verified backup of %1…</source>
        <translation>正在为 %1 制作经过验证的备份…</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>Making a verified backup… %1%</source>
        <translation>正在制作经过验证的备份… %1%</translation>
    </message>
    <message>
        <source>Verifying the backup…</source>
        <translation>正在验证备份…</translation>
    </message>
    <message>
        <source>Making a verified backup…</source>
        <translation>正在制作经过验证的备份…</translation>
    </message>
    <message>
        <source>Backup verified and kept: %1</source>
        <translation>备份已验证并保留：%1</translation>
    </message>
    <message>
        <source>Restore backup</source>
        <translation>恢复备份</translation>
    </message>
    <message>
        <source>%1 has no verified backups yet (they are kept in %2). To salvage a damaged data set, run `sense7 recover %1 NEW.sense7`.</source>
        <translation>%1 还没有经过验证的备份（备份保存在 %2）。要抢救损坏的数据集，请运行 `sense7 recover %1 NEW.sense7`。</translation>
    </message>
    <message>
        <source>Replace %1 with a verified backup. The current file is kept beside it under a new name; nothing is deleted.</source>
        <translation>用经过验证的备份替换 %1。当前文件会以新名称保留在旁边；不会删除任何内容。</translation>
    </message>
    <message>
        <source>Made</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Ratings</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Restored %1 from the backup of %2.</source>
        <translation>已从 %2 的备份恢复 %1。</translation>
    </message>
    <message>
        <source>The replaced file is kept at %1.</source>
        <translation>被替换的文件保留在 %1。</translation>
    </message>
</context>
<context>
    <name>sense7::DataSetModel</name>
    <message>
        <source>Mean self rating: %1</source>
        <translation>自评平均值：%1</translation>
    </message>
    <message>
        <source>Replies the participant flagged as a continuity break</source>
        <translation>参与者标记为连续性断裂的回复</translation>
    </message>
    <message>
        <source>Replies where a detection rule found a possible continuity break</source>
        <translation>检测规则发现可能存在连续性断裂的回复</translation>
    </message>
    <message>
        <source>Participant</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>回合</translation>
    </message>
    <message>
        <source>Flagged</source>
        <translation>已标记</translation>
    </message>
    <message>
        <source>Detected</source>
        <translation>检测到</translation>
    </message>
    <message>
        <source>The condition of the study a live conversation was held with (its key)</source>
        <translation>实时对话所使用的研究条件（其键名）</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>条件</translation>
    </message>
</context>
<context>
    <name>sense7::FigureDialog</name>
    <message>
        <source>Export Figure</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>File format</source>
        <translation>文件格式</translation>
    </message>
    <message>
        <source>Width preset</source>
        <translation>宽度预设</translation>
    </message>
    <message>
        <source>Font</source>
        <translation>字体</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> 磅</translation>
    </message>
    <message>
        <source>Font size</source>
        <translation>字号</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source>Resolution of PNG figures</source>
        <translation>PNG 图表的分辨率</translation>
    </message>
    <message>
        <source>Journals usually ask for 300 dpi, or 600 dpi for line art.</source>
        <translation>期刊通常要求 300 dpi，线条图要求 600 dpi。</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>宽度(&amp;W)：</translation>
    </message>
    <message>
        <source>F&amp;ont:</source>
        <translation>字体(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>字号(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>分辨率(&amp;R)：</translation>
    </message>
    <message>
        <source>Figure preview</source>
        <translation>图表预览</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <source>%1 × %2 in</source>
        <translation>%1 × %2 英寸</translation>
    </message>
    <message>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 像素</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <source>Draw the &amp;title above the chart</source>
        <translation>在图表上方绘制标题(&amp;T)</translation>
    </message>
    <message>
        <source>Journals set the caption outside the figure: leave the title out.</source>
        <translation>期刊把图注放在图外：可省略标题。</translation>
    </message>
    <message>
        <source>Instrument</source>
        <translation>量表</translation>
    </message>
    <message>
        <source>The instrument whose ratings the figure shows</source>
        <translation>图表所显示评分所属的量表</translation>
    </message>
    <message>
        <source>&amp;Instrument:</source>
        <translation>量表(&amp;I)：</translation>
    </message>
    <message>
        <source>Units of the intervals</source>
        <translation>区间的单位</translation>
    </message>
    <message>
        <source>Ratings of one participant are not independent: by default a mean is taken over participants&apos; means, with its 95% interval.</source>
        <translation>同一参与者的评分并不相互独立：默认对各参与者的均值取平均，并给出其 95% 区间。</translation>
    </message>
    <message>
        <source>Participants</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Ratings (none)</source>
        <translation>评分（无）</translation>
    </message>
    <message>
        <source>&amp;Intervals over:</source>
        <translation>区间单位(&amp;I)：</translation>
    </message>
    <message>
        <source>This chart cannot be drawn: %1.</source>
        <translation>无法绘制此图表：%1。</translation>
    </message>
</context>
<context>
    <name>sense7::FilterBar</name>
    <message>
        <source>any</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Started on or after</source>
        <translation>开始于此日期或之后</translation>
    </message>
    <message>
        <source>Started on or before</source>
        <translation>开始于此日期或之前</translation>
    </message>
    <message>
        <source>Participant</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Dimension of the rating range</source>
        <translation>评分范围所用的维度</translation>
    </message>
    <message>
        <source>Lowest mean rating</source>
        <translation>最低平均评分</translation>
    </message>
    <message>
        <source>Highest mean rating</source>
        <translation>最高平均评分</translation>
    </message>
    <message>
        <source>Continuity breaks</source>
        <translation>连续性断裂</translation>
    </message>
    <message>
        <source>Search turn text</source>
        <translation>搜索回合文本</translation>
    </message>
    <message>
        <source>Keep conversations whose mean self rating on this dimension lies in the range</source>
        <translation>保留在该维度上自评平均值位于此范围内的对话</translation>
    </message>
    <message>
        <source>Any</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Flagged</source>
        <translation>已标记</translation>
    </message>
    <message>
        <source>Detected</source>
        <translation>检测到</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Search turn text (Ctrl+F)</source>
        <translation>搜索回合文本（Ctrl+F）</translation>
    </message>
    <message>
        <source>Conversations with a turn containing this text, in any language</source>
        <translation>含有此文本（任何语言）的回合所在的对话</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>重置(&amp;R)</translation>
    </message>
    <message>
        <source>Show every conversation</source>
        <translation>显示全部对话</translation>
    </message>
    <message>
        <source>&amp;Participant</source>
        <translation>参与者(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Assistant</source>
        <translation>助手(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Breaks</source>
        <translation>断裂(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;From</source>
        <translation>从(&amp;F)</translation>
    </message>
    <message>
        <source>T&amp;o</source>
        <translation>至(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Rating</source>
        <translation>评分(&amp;R)</translation>
    </message>
    <message>
        <source>All participants</source>
        <translation>全部参与者</translation>
    </message>
    <message>
        <source>All assistants</source>
        <translation>全部助手</translation>
    </message>
    <message>
        <source>All tasks</source>
        <translation>全部任务</translation>
    </message>
    <message>
        <source>Context field</source>
        <translation>情境字段</translation>
    </message>
    <message>
        <source>Filter on this field of the conversations&apos; context: the context form&apos;s, or one an importer stored</source>
        <translation>按对话情境中的此字段筛选：情境表单中的字段，或导入器存储的字段</translation>
    </message>
    <message>
        <source>Value of the context field</source>
        <translation>情境字段的值</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>The condition of the study live conversations were held with</source>
        <translation>实时对话所使用的研究条件</translation>
    </message>
    <message>
        <source>Con&amp;dition</source>
        <translation>条件(&amp;D)</translation>
    </message>
    <message>
        <source>All conditions</source>
        <translation>全部条件</translation>
    </message>
</context>
<context>
    <name>sense7::FindBar</name>
    <message>
        <source>Find in this conversation</source>
        <translation>在此对话中查找</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>上一个匹配（Shift+Enter）</translation>
    </message>
    <message>
        <source>Previous match</source>
        <translation>上一个匹配</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>下一个匹配（Enter）</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>下一个匹配</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <source>Close find</source>
        <translation>关闭查找</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>无匹配</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::FormView</name>
    <message>
        <source>— no answer —</source>
        <translation>— 未作答 —</translation>
    </message>
    <message>
        <source>Another answer…</source>
        <translation>其他答案…</translation>
    </message>
    <message>
        <source>Describe in your own words</source>
        <translation>请用自己的话描述</translation>
    </message>
    <message>
        <source>%1, in your own words</source>
        <translation>%1（用自己的话）</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>— no date —</source>
        <translation>— 无日期 —</translation>
    </message>
    <message>
        <source>Type the year, month and day, or press F4 for a calendar</source>
        <translation>输入年、月、日，或按 F4 打开日历</translation>
    </message>
    <message>
        <source>No answer</source>
        <translation>未作答</translation>
    </message>
    <message>
        <source>%1: no answer</source>
        <translation>%1：未作答</translation>
    </message>
    <message>
        <source>Leave this date unanswered</source>
        <translation>此日期不作答</translation>
    </message>
</context>
<context>
    <name>sense7::ImportController</name>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>……另有 %1 条</translation>
    </message>
    <message>
        <source>nothing was imported. %1</source>
        <translation>未导入任何内容。%1</translation>
    </message>
    <message>
        <source>Save Conflict Report…</source>
        <translation>保存冲突报告…</translation>
    </message>
    <message>
        <source>Save Conflict Report</source>
        <translation>保存冲突报告</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Conflicts with the data set: %1 (replaced with the file&apos;s values; the rating history keeps the old ones).</source>
        <translation>与数据集的冲突：%1（已替换为文件中的值；评分历史保留旧值）。</translation>
    </message>
    <message>
        <source>Conflicts with the data set: %1 (the data set&apos;s values were kept).</source>
        <translation>与数据集的冲突：%1（已保留数据集中的值）。</translation>
    </message>
</context>
<context>
    <name>sense7::ImportOptionsDialog</name>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Who rated?</source>
        <translation>评分者是谁？</translation>
    </message>
    <message>
        <source>%1 does not say who gave these ratings (no annotator column). Name the rater: an observer&apos;s code or a model&apos;s name. Choose &quot;self&quot; only if they are the participants&apos; own ratings.</source>
        <translation>%1 没有说明这些评分由谁给出（没有 annotator 列）。请指定评分者：观察者的代码或模型的名称。只有当这些是参与者本人的评分时才选择“self”。</translation>
    </message>
    <message>
        <source>e.g. OBS-1 or gpt-judge</source>
        <translation>例如 OBS-1 或 gpt-judge</translation>
    </message>
    <message>
        <source>&amp;Annotator:</source>
        <translation>评分者(&amp;A)：</translation>
    </message>
    <message>
        <source>K&amp;ind:</source>
        <translation>类型(&amp;I)：</translation>
    </message>
    <message>
        <source>When the file gives a value the data set already holds differently</source>
        <translation>当文件中的值与数据集中已有的值不同时</translation>
    </message>
    <message>
        <source>&amp;Keep the data set&apos;s value and list the conflict</source>
        <translation>保留数据集中的值并列出冲突(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Replace it with the file&apos;s value (recorded in the rating history)</source>
        <translation>替换为文件中的值（记录在评分历史中）(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Stop at the first conflict and import nothing of the file</source>
        <translation>在第一个冲突处停止，不导入该文件的任何内容(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
</context>
<context>
    <name>sense7::JoinStudyDialog</name>
    <message>
        <source>&amp;Connect</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Join</source>
        <translation>加入(&amp;J)</translation>
    </message>
    <message>
        <source>Join study</source>
        <translation>加入研究</translation>
    </message>
    <message>
        <source>The server and database the research team gave you</source>
        <translation>研究团队提供给你的服务器和数据库</translation>
    </message>
    <message>
        <source>the login you were given (s7p_…)</source>
        <translation>分配给你的登录名（s7p_…）</translation>
    </message>
    <message>
        <source>Kept in the system keychain, never in the data set</source>
        <translation>保存在系统钥匙串中，绝不会存入数据集</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>服务器(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Login:</source>
        <translation>登录名(&amp;L)：</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>密码(&amp;W)：</translation>
    </message>
    <message>
        <source>What to share</source>
        <translation>分享内容</translation>
    </message>
    <message>
        <source>My conversations&apos; full text and my ratings</source>
        <translation>我的对话全文和我的评分</translation>
    </message>
    <message>
        <source>The text with e-mail addresses, phone numbers, links and numbers removed, as Share my data removes them, and my ratings</source>
        <translation>移除了电子邮件地址、电话号码、链接和数字的文本（与“分享我的数据”的移除方式相同），以及我的评分</translation>
    </message>
    <message>
        <source>My ratings only, no text</source>
        <translation>仅我的评分，不含文本</translation>
    </message>
    <message>
        <source>I have read the study&apos;s consent text and agree to share what is shown above, and what I add later, with the study server</source>
        <translation>我已阅读研究的知情同意文本，并同意与研究服务器分享上方显示的内容以及我之后添加的内容</translation>
    </message>
    <message>
        <source>What will leave this machine:</source>
        <translation>将从本机发出的内容：</translation>
    </message>
    <message>
        <source>&lt;p&gt;Connect to see the study, and what of your data it would receive.&lt;/p&gt;</source>
        <translation>&lt;p&gt;连接后即可查看该研究，以及它将收到你的哪些数据。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; — you take part as &lt;b&gt;%2&lt;/b&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; — 你将以 &lt;b&gt;%2&lt;/b&gt; 的身份参与。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Your first message as it would be sent:&lt;/p&gt;&lt;blockquote&gt;%1&lt;/blockquote&gt;</source>
        <translation>&lt;p&gt;你的第一条消息将按如下形式发送：&lt;/p&gt;&lt;blockquote&gt;%1&lt;/blockquote&gt;</translation>
    </message>
</context>
<context>
    <name>sense7::LiveStudy</name>
    <message>
        <source>&amp;New conversation</source>
        <translation>新建对话(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Resume conversation</source>
        <translation>继续对话(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;End conversation…</source>
        <translation>结束对话(&amp;E)…</translation>
    </message>
    <message>
        <source>Open a data set first.</source>
        <translation>请先打开一个数据集。</translation>
    </message>
    <message>
        <source>The study&apos;s protocol names no assistant conditions for live conversations.</source>
        <translation>研究的协议没有为实时对话指定任何助手条件。</translation>
    </message>
    <message>
        <source>The data set is open read-only.</source>
        <translation>数据集以只读方式打开。</translation>
    </message>
    <message>
        <source>Start a conversation with the assistant your assignment gives</source>
        <translation>与分配给你的助手开始对话</translation>
    </message>
    <message>
        <source>Continue the selected conversation in a new sitting</source>
        <translation>在新的会话中继续所选对话</translation>
    </message>
    <message>
        <source>Select a live conversation in the list to continue it.</source>
        <translation>请在列表中选择一个实时对话以继续。</translation>
    </message>
    <message>
        <source>Answer the context form and end this conversation</source>
        <translation>填写情境表单并结束此对话</translation>
    </message>
    <message>
        <source>Start or resume a conversation first.</source>
        <translation>请先开始或继续一个对话。</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>新建对话</translation>
    </message>
    <message>
        <source>Who holds this conversation? Choose a participant or type a new code.</source>
        <translation>这是谁的对话？请选择一名参与者，或输入新的代号。</translation>
    </message>
    <message>
        <source>The participant&apos;s assignment names no condition.</source>
        <translation>该参与者的分配未指定任何条件。</translation>
    </message>
    <message>
        <source>Conversation of %1</source>
        <translation>%1 的对话</translation>
    </message>
    <message>
        <source>Live conversation with %1 (condition &lt;b&gt;%2&lt;/b&gt;)</source>
        <translation>与 %1 的实时对话（条件 &lt;b&gt;%2&lt;/b&gt;）</translation>
    </message>
    <message>
        <source>The conversation has ended. Please rate each reply now.</source>
        <translation>对话已结束。现在请为每条回复评分。</translation>
    </message>
    <message>
        <source>Sense-7 Studio</source>
        <translation>Sense-7 Studio</translation>
    </message>
    <message>
        <source>Assistant API &amp;Key…</source>
        <translation>助手 API 密钥(&amp;K)…</translation>
    </message>
    <message>
        <source>The key the study&apos;s assistants need, kept in the system keychain</source>
        <translation>本研究的助手所需的密钥，保存在系统钥匙串中</translation>
    </message>
    <message>
        <source>The study&apos;s assistant conditions are scripted: they send nothing and need no key.</source>
        <translation>本研究的助手条件均为脚本化：它们不发送任何内容，无需密钥。</translation>
    </message>
    <message>
        <source>Assistant API key</source>
        <translation>助手 API 密钥</translation>
    </message>
    <message>
        <source>The API key this study&apos;s assistants send to %1. It is kept in the system keychain, never in the data set. Leave it empty to remove it.</source>
        <translation>本研究的助手发送给 %1 的 API 密钥。它保存在系统钥匙串中，绝不保存在数据集中。留空即可删除。</translation>
    </message>
    <message>
        <source>The key could not be kept in the system keychain: %1</source>
        <translation>无法将密钥保存到系统钥匙串：%1</translation>
    </message>
    <message>
        <source>The assistant API key was removed.</source>
        <translation>已删除助手 API 密钥。</translation>
    </message>
    <message>
        <source>The assistant API key is kept.</source>
        <translation>已保存助手 API 密钥。</translation>
    </message>
    <message>
        <source>You rate the replies once you end the conversation (%1).</source>
        <translation>结束对话后再为各条回复评分（%1）。</translation>
    </message>
</context>
<context>
    <name>sense7::MainWindow</name>
    <message>
        <source>Sense-7 data sets (*.sense7);;All files (*)</source>
        <translation>Sense-7 数据集 (*.sense7);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Sense-7 Studio</source>
        <translation>Sense-7 Studio</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New data set…</source>
        <translation>新建数据集(&amp;N)…</translation>
    </message>
    <message>
        <source>Create an empty data set with the SENSE-7 instrument</source>
        <translation>新建一个带有 SENSE-7 量表的空数据集</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open an existing Sense-7 data set</source>
        <translation>打开已有的 Sense-7 数据集</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Sense-7 Studio</source>
        <translation>关于 Sense-7 Studio(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>%1%2 — Sense-7 Studio</source>
        <translation>%1%2 — Sense-7 Studio</translation>
    </message>
    <message>
        <source> [read-only]</source>
        <translation> [只读]</translation>
    </message>
    <message>
        <source>New data set</source>
        <translation>新建数据集</translation>
    </message>
    <message>
        <source>study.sense7</source>
        <translation>研究.sense7</translation>
    </message>
    <message>
        <source>Cannot replace %1.</source>
        <translation>无法替换 %1。</translation>
    </message>
    <message>
        <source>Open data set</source>
        <translation>打开数据集</translation>
    </message>
    <message>
        <source>About Sense-7 Studio</source>
        <translation>关于 Sense-7 Studio</translation>
    </message>
    <message>
        <source>No data set open</source>
        <translation>未打开数据集</translation>
    </message>
    <message>
        <source>Participants: %1 · Conversations: %2 · Assistant turns: %3</source>
        <translation>参与者：%1 · 对话：%2 · 助手回合：%3</translation>
    </message>
    <message>
        <source>Illustrative demo data, not study data</source>
        <translation>示例演示数据，并非研究数据</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>%1 is open read-only: nothing can be imported into it.</source>
        <translation>%1 以只读方式打开：无法向其中导入任何内容。</translation>
    </message>
    <message>
        <source>Open or create a data set first.</source>
        <translation>请先打开或新建一个数据集。</translation>
    </message>
    <message>
        <source>Whose conversations are these? Choose a participant or type a new code.</source>
        <translation>这些是谁的对话？请选择一名参与者，或输入新的代号。</translation>
    </message>
    <message>
        <source>Every change is saved to the data set as you make it</source>
        <translation>每项更改都会在你做出时立即保存到数据集</translation>
    </message>
    <message>
        <source>Share of all ratings given</source>
        <translation>已给出评分的比例</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Find in conversation…</source>
        <translation>在对话中查找(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Annotate</source>
        <translation>标注(&amp;A)</translation>
    </message>
    <message>
        <source>Next &amp;unrated reply</source>
        <translation>下一条未评分回复(&amp;U)</translation>
    </message>
    <message>
        <source>Go to the next reply that is not fully rated</source>
        <translation>转到下一条尚未完整评分的回复</translation>
    </message>
    <message>
        <source>&amp;Next reply	J</source>
        <translation>下一条回复(&amp;N)	J</translation>
    </message>
    <message>
        <source>&amp;Previous reply	K</source>
        <translation>上一条回复(&amp;P)	K</translation>
    </message>
    <message>
        <source>Toggle continuity &amp;flag	B</source>
        <translation>切换连贯性标记(&amp;F)	B</translation>
    </message>
    <message>
        <source>Blind &amp;re-rating…</source>
        <translation>盲法重复评分(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Participant mode</source>
        <translation>参与者模式(&amp;P)</translation>
    </message>
    <message>
        <source>One participant&apos;s own conversations and ratings</source>
        <translation>单个参与者自己的对话和评分</translation>
    </message>
    <message>
        <source>R&amp;esearcher mode</source>
        <translation>研究者模式(&amp;E)</translation>
    </message>
    <message>
        <source>All participants; rate as the participant or as an observer</source>
        <translation>全部参与者；以参与者或观察者身份评分</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Not saved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>%1% rated</source>
        <translation>已评分 %1%</translation>
    </message>
    <message>
        <source>%1 of %2 ratings given in the conversations listed</source>
        <translation>列出的对话中已给出 %2 个评分中的 %1 个</translation>
    </message>
    <message>
        <source>Every reply listed is rated.</source>
        <translation>列出的所有回复都已评分。</translation>
    </message>
    <message>
        <source>Anal&amp;ysis</source>
        <translation>分析(&amp;Y)</translation>
    </message>
    <message>
        <source>&amp;Reliability…</source>
        <translation>信度(&amp;R)…</translation>
    </message>
    <message>
        <source>Test–retest, self against observers, and how individual the judgements are</source>
        <translation>重测信度、自评与观察者的比较，以及判断的个体化程度</translation>
    </message>
    <message>
        <source>Classifier &amp;evaluation…</source>
        <translation>分类器评估(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Predict ratings…</source>
        <translation>预测评分(&amp;P)…</translation>
    </message>
    <message>
        <source>%1 is open read-only: predictions cannot be stored in it.</source>
        <translation>%1 以只读方式打开：无法在其中保存预测。</translation>
    </message>
    <message>
        <source>&amp;Browse data set…</source>
        <translation>浏览数据集(&amp;B)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+B</source>
        <translation>Ctrl+Shift+B</translation>
    </message>
    <message>
        <source>All conversations with filters, full-text search and aggregate charts</source>
        <translation>全部对话，附筛选、全文搜索和汇总图表</translation>
    </message>
    <message>
        <source>&amp;Share my data…</source>
        <translation>分享我的数据(&amp;S)…</translation>
    </message>
    <message>
        <source>Write an anonymised bundle of your ratings for the research team</source>
        <translation>为研究团队写出一个匿名化的评分数据包</translation>
    </message>
    <message>
        <source>&amp;Export data…</source>
        <translation>导出数据(&amp;E)…</translation>
    </message>
    <message>
        <source>Write the whole data set as tidy CSV, JSON Lines or a Sense-7 bundle</source>
        <translation>将整个数据集写为整洁 CSV、JSON Lines 或 Sense-7 数据包</translation>
    </message>
    <message>
        <source>Export trajectory &amp;figure…</source>
        <translation>导出轨迹图(&amp;F)…</translation>
    </message>
    <message>
        <source>Save this conversation&apos;s rating trajectory as PDF, SVG or PNG</source>
        <translation>将此对话的评分轨迹保存为 PDF、SVG 或 PNG</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>Restore &amp;backup…</source>
        <translation>恢复备份(&amp;B)…</translation>
    </message>
    <message>
        <source>Replace the data set with one of its verified backups</source>
        <translation>用经过验证的备份之一替换数据集</translation>
    </message>
    <message>
        <source>%1 [damaged, read-only] — Sense-7 Studio</source>
        <translation>%1 [已损坏，只读] — Sense-7 Studio</translation>
    </message>
    <message>
        <source>New s&amp;tudy…</source>
        <translation>新建研究(&amp;T)…</translation>
    </message>
    <message>
        <source>Choose a study protocol, see what participants will see, and create a data set under it</source>
        <translation>选择研究协议，查看参与者将看到的内容，并据此创建数据集</translation>
    </message>
    <message>
        <source>Import chat exports (ChatGPT, Claude, Gemini, Grok, Open WebUI, LibreChat, JSON, CSV), transcripts, research data sets, ratings or Sense-7 bundles; you can also drop files on the window</source>
        <translation>导入聊天导出文件（ChatGPT、Claude、Gemini、Grok、Open WebUI、LibreChat、JSON、CSV）、对话记录、研究数据集、评分或 Sense-7 数据包；也可以将文件拖放到窗口上</translation>
    </message>
    <message>
        <source>&amp;Paste conversation…</source>
        <translation>粘贴对话(&amp;P)…</translation>
    </message>
    <message>
        <source>Import a conversation copied from a chat page, with a preview of how it splits into turns</source>
        <translation>导入从聊天页面复制的对话，并预览其如何拆分为轮次</translation>
    </message>
    <message>
        <source>Exports and data sets (*.json *.zip *.jsonl *.csv *.tsv *.txt *.md);;All files (*)</source>
        <translation>导出文件和数据集 (*.json *.zip *.jsonl *.csv *.tsv *.txt *.md);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The pasted conversation could not be saved for import: %1</source>
        <translation>无法保存粘贴的对话以供导入：%1</translation>
    </message>
    <message>
        <source>&amp;Join study…</source>
        <translation>加入研究(&amp;J)…</translation>
    </message>
    <message>
        <source>Sync this data set with a study&apos;s server, after seeing what it would receive</source>
        <translation>查看研究服务器将收到的内容后，将此数据集与该服务器同步</translation>
    </message>
    <message>
        <source>Open study &amp;server…</source>
        <translation>打开研究服务器(&amp;S)…</translation>
    </message>
    <message>
        <source>Pull a study from its PostgreSQL server into a local data set, open it and watch the participants&apos; progress</source>
        <translation>将研究从其 PostgreSQL 服务器拉取到本地数据集，打开它并查看参与者的进度</translation>
    </message>
    <message>
        <source>&amp;Study</source>
        <translation>研究(&amp;S)</translation>
    </message>
    <message>
        <source>Reading the conversations…</source>
        <translation>正在读取对话…</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>The conversations&apos; rated shares are being read</source>
        <translation>正在读取各对话的已评分比例</translation>
    </message>
    <message>
        <source>The conversations are still being read.</source>
        <translation>对话列表仍在读取中。</translation>
    </message>
</context>
<context>
    <name>sense7::MixedModelTableModel</name>
    <message>
        <source>intercept %1</source>
        <translation>截距 %1</translation>
    </message>
    <message>
        <source>Intercept only</source>
        <translation>仅截距</translation>
    </message>
    <message>
        <source>+ Assistant</source>
        <translation>+ 助手</translation>
    </message>
    <message>
        <source>Not fitted: %1</source>
        <translation>未拟合：%1</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <source>%1 ratings by %2 participants in %3 conversations</source>
        <translation>%2 位参与者在 %3 个对话中的 %1 条评分</translation>
    </message>
    <message>
        <source>Reference: %1</source>
        <translation>参照：%1</translation>
    </message>
    <message>
        <source>%1: %2 ± %3 (t = %4)</source>
        <translation>%1：%2 ± %3（t = %4）</translation>
    </message>
    <message>
        <source>Intercept</source>
        <translation>截距</translation>
    </message>
    <message>
        <source>between participants</source>
        <translation>参与者间</translation>
    </message>
    <message>
        <source>between conversations</source>
        <translation>对话间</translation>
    </message>
    <message>
        <source>No variance %1: the ratings carry no evidence of it, and the other estimates are those of a simpler model.</source>
        <translation>%1无方差：评分中没有这方面的证据，其他估计值为一个更简单模型的估计值。</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Fixed
part</source>
        <translation>固定
部分</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Participant
σ² (SD)</source>
        <translation>参与者
σ² (SD)</translation>
    </message>
    <message>
        <source>Conversation
σ² (SD)</source>
        <translation>对话
σ² (SD)</translation>
    </message>
    <message>
        <source>Residual
σ² (SD)</source>
        <translation>残差
σ² (SD)</translation>
    </message>
    <message>
        <source>ICC
participant</source>
        <translation>ICC
参与者</translation>
    </message>
    <message>
        <source>ICC
conversation</source>
        <translation>ICC
对话</translation>
    </message>
    <message>
        <source>Fixed effects (± SE)</source>
        <translation>固定效应（± SE）</translation>
    </message>
    <message>
        <source>REML
criterion</source>
        <translation>REML
准则</translation>
    </message>
    <message>
        <source>Singular</source>
        <translation>奇异</translation>
    </message>
    <message>
        <source>Intercept only: value ~ 1 + (1 | participant) + (1 | participant:conversation). + Assistant: the assistant as a fixed effect, against the first alphabetically.</source>
        <translation>仅截距：value ~ 1 + (1 | participant) + (1 | participant:conversation)。+ 助手：将助手作为固定效应，以按字母顺序排在第一位的助手为参照。</translation>
    </message>
    <message>
        <source>The participants&apos; own ratings modelled (“not applicable” left out)</source>
        <translation>建模对象为参与者本人的评分（不含“不适用”）</translation>
    </message>
    <message>
        <source>Variance (and standard deviation) of the participants&apos; average ratings: how much people differ in how they rate</source>
        <translation>参与者平均评分的方差（及标准差）：不同的人在评分方式上的差异有多大</translation>
    </message>
    <message>
        <source>Variance (and standard deviation) between conversations of the same participant</source>
        <translation>同一参与者不同对话之间的方差（及标准差）</translation>
    </message>
    <message>
        <source>Variance (and standard deviation) between replies of the same conversation</source>
        <translation>同一对话中不同回复之间的方差（及标准差）</translation>
    </message>
    <message>
        <source>Share of the total variance that lies between participants: the correlation of two ratings by the same participant in different conversations</source>
        <translation>总方差中位于参与者之间的比例：同一参与者在不同对话中两次评分的相关性</translation>
    </message>
    <message>
        <source>Share of the total variance that lies between participants or conversations: the correlation of two ratings in the same conversation</source>
        <translation>总方差中位于参与者之间或对话之间的比例：同一对话中两次评分的相关性</translation>
    </message>
    <message>
        <source>The intercept (mean rating of the reference assistant), then each other assistant&apos;s difference from it, each ± its standard error</source>
        <translation>截距（参照助手的平均评分），以及其他每个助手与它的差值，均附 ± 标准误</translation>
    </message>
    <message>
        <source>−2 × the restricted log-likelihood at the estimates, as lme4 reports it; lower is better, comparable only between models with the same fixed part</source>
        <translation>估计值处的 −2 × 限制性对数似然，与 lme4 的报告方式相同；越低越好，仅在固定部分相同的模型之间可比</translation>
    </message>
    <message>
        <source>Yes when a variance component is estimated as zero: the data cannot tell that level of variation apart from none</source>
        <translation>当某个方差分量估计为零时为“是”：数据无法把该层级的变异与无变异区分开</translation>
    </message>
</context>
<context>
    <name>sense7::MixedModelView</name>
    <message>
        <source>How the variance of participants&apos; own ratings divides between participants, their conversations and single replies, by REML with random intercepts for participant and conversation, without and with the assistant as a fixed effect. All participants are modelled, whichever is chosen above. Hover over a column&apos;s title for what it means.</source>
        <translation>参与者本人评分的方差如何在参与者、其对话和单条回复之间分解：使用 REML，参与者和对话取随机截距，分别不含和含有作为固定效应的助手。无论上方选择了什么，都会对所有参与者建模。将鼠标悬停在列标题上可查看其含义。</translation>
    </message>
    <message>
        <source>Mixed models</source>
        <translation>混合模型</translation>
    </message>
    <message>
        <source>No model could be fitted: %1</source>
        <translation>无法拟合任何模型：%1</translation>
    </message>
    <message>
        <source>No fit is singular: every variance component is above zero.</source>
        <translation>没有奇异拟合：所有方差分量均大于零。</translation>
    </message>
    <message numerus="yes">
        <source>%n singular fit(s): a variance estimated as zero means the ratings show no sign of that level of variation.</source>
        <translation>
            <numerusform>%n 个奇异拟合：方差估计为零表示评分中没有该层级变异的迹象。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::NewStudyDialog</name>
    <message numerus="yes">
        <source>%n reply scale(s)</source>
        <translation>
            <numerusform>%n 个回复级量表</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conversation scale(s)</source>
        <translation>
            <numerusform>%n 个对话级量表</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>New Study</source>
        <translation>新建研究</translation>
    </message>
    <message>
        <source>A study&apos;s protocol says what participants rate and answer. Choose one; the preview shows exactly what participants will see. Nothing is created until you choose Create.</source>
        <translation>研究协议规定参与者要评什么、回答什么。请选择一个协议；预览会准确显示参与者将看到的内容。在选择“创建”之前，不会创建任何内容。</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <source>The protocols that come with Sense-7 Studio, and the files you chose</source>
        <translation>Sense-7 Studio 自带的协议，以及所选的文件</translation>
    </message>
    <message>
        <source>Choose a protocol file (JSON) of your own</source>
        <translation>选择自己的协议文件（JSON）</translation>
    </message>
    <message>
        <source>&amp;Protocol:</source>
        <translation>协议(&amp;P)：</translation>
    </message>
    <message>
        <source>Problem with the protocol</source>
        <translation>协议有问题</translation>
    </message>
    <message>
        <source>Preview of what participants see</source>
        <translation>参与者所见内容的预览</translation>
    </message>
    <message>
        <source>Reply</source>
        <translation>回复</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>情境</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>个人资料</translation>
    </message>
    <message>
        <source>Consent text</source>
        <translation>知情同意文本</translation>
    </message>
    <message>
        <source>Consent</source>
        <translation>知情同意</translation>
    </message>
    <message>
        <source>The rating panel for each reply: try the scales, nothing is kept</source>
        <translation>每条回复的评分面板：可以试用各量表，不会保存任何内容</translation>
    </message>
    <message>
        <source>Scales rated once per conversation</source>
        <translation>每个对话评一次的量表</translation>
    </message>
    <message>
        <source>The form asked about each conversation</source>
        <translation>针对每个对话提问的表单</translation>
    </message>
    <message>
        <source>The form asked once of each participant</source>
        <translation>对每位参与者只提问一次的表单</translation>
    </message>
    <message>
        <source>Shown before a participant shares anything</source>
        <translation>在参与者分享任何内容之前显示</translation>
    </message>
    <message>
        <source>&amp;Create…</source>
        <translation>创建(&amp;C)…</translation>
    </message>
    <message>
        <source>Choose where to save the new data set</source>
        <translation>选择新数据集的保存位置</translation>
    </message>
    <message>
        <source>&lt;b&gt;What participants will see&lt;/b&gt;</source>
        <translation>&lt;b&gt;参与者将看到的内容&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No protocol is installed: choose a protocol file.</source>
        <translation>未安装任何协议：请选择协议文件。</translation>
    </message>
    <message>
        <source>version %1</source>
        <translation>版本 %1</translation>
    </message>
    <message>
        <source>This study does not let participants share their data.</source>
        <translation>本研究不允许参与者分享其数据。</translation>
    </message>
    <message>
        <source>This protocol has no consent text: participants share after looking at the preview of what leaves.</source>
        <translation>此协议没有知情同意文本：参与者在查看将要发出内容的预览后进行分享。</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>Choose a protocol</source>
        <translation>选择协议</translation>
    </message>
    <message>
        <source>Study protocols (*.json);;All files (*)</source>
        <translation>研究协议 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Choose a protocol that can be read first.</source>
        <translation>请先选择一个可以读取的协议。</translation>
    </message>
    <message>
        <source>New study</source>
        <translation>新建研究</translation>
    </message>
    <message>
        <source>Sense-7 data sets (*.sense7);;All files (*)</source>
        <translation>Sense-7 数据集 (*.sense7);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot replace %1.</source>
        <translation>无法替换 %1。</translation>
    </message>
</context>
<context>
    <name>sense7::PasteDialog</name>
    <message>
        <source>Paste Conversation</source>
        <translation>粘贴对话</translation>
    </message>
    <message>
        <source>Paste a conversation copied from a chat page, or type one. Each speaker starts a line: &quot;You:&quot;, &quot;User:&quot;, &quot;Assistant:&quot;, &quot;Copilot:&quot;, &quot;ChatGPT said:&quot;…</source>
        <translation>粘贴从聊天页面复制的对话，或直接输入。每位发言者的内容另起一行，并以发言者开头：“You:”、“User:”、“Assistant:”、“Copilot:”、“ChatGPT said:”…</translation>
    </message>
    <message>
        <source>You: …
Copilot: …</source>
        <translation>You: …
Copilot: …</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Speaker</source>
        <translation>发言者</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>e.g. Alex=user, Coach=assistant</source>
        <translation>例如 Alex=user, Coach=assistant</translation>
    </message>
    <message>
        <source>Other &amp;speakers:</source>
        <translation>其他发言者(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <source>participant</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>system</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Nothing pasted yet.</source>
        <translation>尚未粘贴任何内容。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; — turns: %2 (%3 from the participant, %4 from the assistant).</source>
        <translation>“%1” — 轮次：%2（参与者 %3 轮，助手 %4 轮）。</translation>
    </message>
</context>
<context>
    <name>sense7::PredictDialog</name>
    <message>
        <source>Predict ratings</source>
        <translation>预测评分</translation>
    </message>
    <message>
        <source>Any OpenAI-compatible chat-completions endpoint: llama.cpp, Ollama, vLLM or a hosted service.</source>
        <translation>任何兼容 OpenAI 的 chat-completions 端点：llama.cpp、Ollama、vLLM 或托管服务。</translation>
    </message>
    <message>
        <source>&amp;Endpoint:</source>
        <translation>端点(&amp;E)：</translation>
    </message>
    <message>
        <source>for example llama3.1:8b</source>
        <translation>例如 llama3.1:8b</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>from SENSE7_API_KEY</source>
        <translation>来自 SENSE7_API_KEY</translation>
    </message>
    <message>
        <source>none (local servers need none)</source>
        <translation>无（本地服务器不需要）</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API 密钥(&amp;K)：</translation>
    </message>
    <message>
        <source>Keep the key in the system keychain</source>
        <translation>将密钥保存在系统钥匙串中</translation>
    </message>
    <message>
        <source> earlier turns</source>
        <translation> 个之前的回合</translation>
    </message>
    <message>
        <source>&amp;Context:</source>
        <translation>上下文(&amp;C)：</translation>
    </message>
    <message>
        <source> at once</source>
        <translation> 个同时进行</translation>
    </message>
    <message>
        <source>&amp;Requests:</source>
        <translation>请求数(&amp;R)：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>&amp;Timeout:</source>
        <translation>超时(&amp;T)：</translation>
    </message>
    <message>
        <source>The open conversation</source>
        <translation>当前打开的对话</translation>
    </message>
    <message numerus="yes">
        <source>All %n listed conversation(s)</source>
        <translation>
            <numerusform>列出的全部 %n 个对话</numerusform>
        </translation>
    </message>
    <message>
        <source>Rate:</source>
        <translation>评分范围：</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Problems with single replies are listed here.</source>
        <translation>单条回复的问题会列在这里。</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>Give the endpoint&apos;s address and the model&apos;s name.</source>
        <translation>请填写端点地址和模型名称。</translation>
    </message>
    <message>
        <source>%1 of %2 replies</source>
        <translation>%1 / %2 条回复</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Asking %1…</source>
        <translation>正在询问 %1…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>%1 replies rated, %2 unchanged and skipped, %3 failed.</source>
        <translation>已评分 %1 条回复，%2 条未变而跳过，%3 条失败。</translation>
    </message>
    <message>
        <source>Cancelled. </source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation>已停止：%1</translation>
    </message>
    <message>
        <source>The key could not be kept in the system keychain: %1</source>
        <translation>无法将密钥保存在系统钥匙串中：%1</translation>
    </message>
    <message>
        <source>A model rates every reply on the instrument&apos;s dimensions, reading the conversation up to that reply. Its ratings are stored as a separate “model” annotator, never over anyone&apos;s own. Nothing is sent until you press Start, and only to the address below.</source>
        <translation>模型会按量表的各维度为每条回复评分，读取截至该回复的对话内容。其评分作为单独的“模型”评分者保存，绝不会覆盖任何人自己的评分。在按下“开始”之前不会发送任何内容，并且只会发送到下方的地址。</translation>
    </message>
    <message>
        <source>&amp;Instrument:</source>
        <translation>量表(&amp;I)：</translation>
    </message>
</context>
<context>
    <name>sense7::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>System language (%1)</source>
        <translation>系统语言（%1）</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The language of menus, forms and the rating scales. Takes effect after a restart.</source>
        <translation>菜单、表单和评分量表使用的语言。重新启动后生效。</translation>
    </message>
    <message>
        <source>Same as the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Light or dark colours for every window.</source>
        <translation>所有窗口使用浅色或深色配色。</translation>
    </message>
    <message>
        <source>The new language is used when Sense-7 Studio starts again.</source>
        <translation>新的语言将在 Sense-7 Studio 下次启动时使用。</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>sense7::RatingPanel</name>
    <message>
        <source>Continuity broke here</source>
        <translation>此处连贯性中断</translation>
    </message>
    <message>
        <source>Pick in transcript</source>
        <translation>在对话记录中选择</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>情境</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>个人资料</translation>
    </message>
    <message>
        <source>About the situation of this conversation</source>
        <translation>关于此对话的情境</translation>
    </message>
    <message>
        <source>About the participant, asked once</source>
        <translation>关于参与者，只需填写一次</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Anything about this reply you want to remember (optional)</source>
        <translation>关于这条回复你想记下的内容（可选）</translation>
    </message>
    <message>
        <source>Note on this reply</source>
        <translation>此回复的备注</translation>
    </message>
    <message>
        <source>The assistant lost track of the conversation in this reply (B)</source>
        <translation>助手在这条回复中失去了对话的连贯性（B）</translation>
    </message>
    <message>
        <source>Reason for the continuity break</source>
        <translation>连贯性中断的原因</translation>
    </message>
    <message>
        <source>Then click the earlier turn whose content was lost (Esc cancels)</source>
        <translation>然后点击内容被遗失的较早轮次（Esc 取消）</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Lost turn</source>
        <translation>遗失的轮次</translation>
    </message>
    <message>
        <source>The instruments of this data set rate turns only. Conversation-level scales, such as ESConv&apos;s survey, appear here when a data set has them.</source>
        <translation>此数据集的量表只对轮次评分。当数据集包含对话级量表（例如 ESConv 的问卷）时，会显示在这里。</translation>
    </message>
    <message>
        <source>(removed)</source>
        <translation>（已删除）</translation>
    </message>
    <message>
        <source>Reply %1</source>
        <translation>回复 %1</translation>
    </message>
    <message>
        <source>Your message %1</source>
        <translation>你的消息 %1</translation>
    </message>
    <message>
        <source>Turn %1</source>
        <translation>轮次 %1</translation>
    </message>
    <message>
        <source>None chosen</source>
        <translation>未选择</translation>
    </message>
    <message>
        <source>No conversation chosen</source>
        <translation>未选择对话</translation>
    </message>
    <message>
        <source>Reply %1 of %2</source>
        <translation>第 %1 条回复，共 %2 条</translation>
    </message>
    <message>
        <source>%1 of %2 rated</source>
        <translation>已评 %1/%2</translation>
    </message>
    <message>
        <source>Rate the current reply</source>
        <translation>为当前回复评分</translation>
    </message>
    <message>
        <source>Rate the whole conversation</source>
        <translation>为整个对话评分</translation>
    </message>
    <message>
        <source>This conversation has no turns to rate</source>
        <translation>此对话没有可评分的轮次</translation>
    </message>
    <message>
        <source>Turn %1 of %2</source>
        <translation>第 %1 轮，共 %2 轮</translation>
    </message>
    <message>
        <source>Rated at the end</source>
        <translation>结束后评分</translation>
    </message>
</context>
<context>
    <name>sense7::RetestController</name>
    <message>
        <source>Blind re-rating</source>
        <translation>盲法重复评分</translation>
    </message>
    <message>
        <source>Now and then, some replies you already rated come back without your earlier ratings. Rating them again shows how stable judgements are (test–retest reliability). The new ratings are kept apart from the first ones.</source>
        <translation>你已评过的一些回复会不时再次出现，且不显示你之前的评分。再次评分可以显示判断的稳定程度（重测信度）。新的评分与第一次的评分分开保存。</translation>
    </message>
    <message>
        <source>Start a round now</source>
        <translation>立即开始一轮</translation>
    </message>
    <message>
        <source>There are no fully rated replies to re-rate yet.</source>
        <translation>还没有可供重复评分的完整评分回复。</translation>
    </message>
    <message numerus="yes">
        <source>You have rated %n conversation(s) completely. Would you rate a few replies again? Your earlier ratings stay hidden and are not changed.</source>
        <translation>
            <numerusform>你已完整评分 %n 个对话。愿意再为几条回复评分吗？你之前的评分会保持隐藏且不会被更改。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Re-rating check: reply %1 of %2.&lt;/b&gt; Rate it as you see it now; your earlier ratings are hidden and stay as they were. &lt;a href=&quot;retest:stop&quot;&gt;Stop&lt;/a&gt;</source>
        <translation>&lt;b&gt;重复评分检查：第 %1 条回复，共 %2 条。&lt;/b&gt;请按你现在的看法评分；你之前的评分已隐藏并保持不变。&lt;a href=&quot;retest:stop&quot;&gt;停止&lt;/a&gt;</translation>
    </message>
    <message numerus="yes">
        <source>Thank you: %n reply(s) rated again.</source>
        <translation>
            <numerusform>谢谢：已重新评分 %n 条回复。</numerusform>
        </translation>
    </message>
    <message>
        <source>The study protocol &quot;%1&quot; asks for no blind re-rating.</source>
        <translation>研究协议“%1”不要求盲重评。</translation>
    </message>
    <message numerus="yes">
        <source>The study protocol &quot;%1&quot; asks for a round of %2 % of the replies already rated after every %n fully rated conversation(s).</source>
        <translation>
            <numerusform>研究协议“%1”要求每完整评完 %n 个对话后，对已评分回复中的 %2 % 进行一轮重评。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::ScaleSelector</name>
    <message>
        <source>N/A</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>not rated</source>
        <translation>未评分</translation>
    </message>
    <message>
        <source>not applicable</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Not applicable (N)</source>
        <translation>不适用（N）</translation>
    </message>
</context>
<context>
    <name>sense7::ShareDialog</name>
    <message>
        <source>Share &amp;ratings only, without any message text</source>
        <translation>仅分享评分(&amp;R)，不含任何消息文本</translation>
    </message>
    <message>
        <source>Share My Data</source>
        <translation>分享我的数据</translation>
    </message>
    <message>
        <source>This writes a file you can send to the research team. Your participant code is replaced by a pseudonym, and email addresses, phone numbers, web and IP addresses are removed from every message. Add anything else that identifies you, such as your name or your company. The preview shows exactly what the file will contain.</source>
        <translation>这会写出一个可以发给研究团队的文件。你的参与者编号会被替换为化名，每条消息中的电子邮件地址、电话号码、网址和 IP 地址都会被移除。请添加其他能识别你身份的内容，例如你的姓名或公司。预览会准确显示文件将包含的内容。</translation>
    </message>
    <message>
        <source>Participant</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>Code in the shared file</source>
        <translation>分享文件中的编号</translation>
    </message>
    <message>
        <source>A pseudonym, the same each time you share from this data set. Use the code the research team gave you, if they gave you one.</source>
        <translation>一个化名，每次从此数据集分享时都相同。如果研究团队给了你编号，请使用该编号。</translation>
    </message>
    <message>
        <source>Words to remove</source>
        <translation>要移除的词语</translation>
    </message>
    <message>
        <source>e.g. Jane Doe, Acme, 张伟</source>
        <translation>例如：张伟, Acme, Jane Doe</translation>
    </message>
    <message>
        <source>Separate words or names with commas. Each is removed wherever it appears as a word, in any letter case.</source>
        <translation>用逗号分隔词语或姓名。每一项只要作为词出现（不区分大小写）都会被移除。</translation>
    </message>
    <message>
        <source>&amp;Participant:</source>
        <translation>参与者(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Code in the file:</source>
        <translation>文件中的编号(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Remove these words:</source>
        <translation>移除这些词语(&amp;R)：</translation>
    </message>
    <message>
        <source>Conversations to be shared</source>
        <translation>将要分享的对话</translation>
    </message>
    <message>
        <source>Preview of what will be shared</source>
        <translation>将要分享内容的预览</translation>
    </message>
    <message>
        <source>I have looked at what will be shared and I agree to share it with the research team.</source>
        <translation>我已查看将要分享的内容，并同意与研究团队分享。</translation>
    </message>
    <message>
        <source>&amp;Save Bundle…</source>
        <translation>保存数据包(&amp;S)…</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>（无标题）</translation>
    </message>
    <message>
        <source>&lt;p&gt;There is nothing to share: this participant has no conversations.&lt;/p&gt;</source>
        <translation>&lt;p&gt;没有可分享的内容：此参与者没有对话。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>(title not shared)</source>
        <translation>（不分享标题）</translation>
    </message>
    <message>
        <source>Participant: &lt;b&gt;%1&lt;/b&gt; · Assistant: %2 · Ratings: %3 · Continuity flags: %4</source>
        <translation>参与者：&lt;b&gt;%1&lt;/b&gt; · 助手：%2 · 评分：%3 · 连续性标记：%4</translation>
    </message>
    <message>
        <source>(message text not shared)</source>
        <translation>（不分享消息文本）</translation>
    </message>
    <message numerus="yes">
        <source>%n conversation(s) will be shared</source>
        <translation>
            <numerusform>将分享 %n 个对话</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>with %n rating(s)</source>
        <translation>
            <numerusform>包含 %n 个评分</numerusform>
        </translation>
    </message>
    <message>
        <source>no message text</source>
        <translation>不含消息文本</translation>
    </message>
    <message numerus="yes">
        <source>%n redaction(s), highlighted in the preview</source>
        <translation>
            <numerusform>%n 处已遮盖，在预览中高亮显示</numerusform>
        </translation>
    </message>
    <message>
        <source>Please look at the preview and tick the consent box first.</source>
        <translation>请先查看预览并勾选同意框。</translation>
    </message>
    <message>
        <source>Save Bundle</source>
        <translation>保存数据包</translation>
    </message>
    <message>
        <source>Sense-7 bundle (*.json)</source>
        <translation>Sense-7 数据包 (*.json)</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n conversation(s) to %1. Send this file to the research team.</source>
        <translation>
            <numerusform>已将 %n 个对话保存到 %1。请把此文件发给研究团队。</numerusform>
        </translation>
    </message>
    <message>
        <source>The study&apos;s consent</source>
        <translation>研究的知情同意</translation>
    </message>
    <message>
        <source>The study&apos;s consent text</source>
        <translation>研究的知情同意文本</translation>
    </message>
    <message>
        <source>I &amp;agree to the consent text above.</source>
        <translation>我同意以上知情同意文本(&amp;A)。</translation>
    </message>
    <message>
        <source>This study does not let participants share their data.</source>
        <translation>本研究不允许参与者分享其数据。</translation>
    </message>
    <message>
        <source>Please read the study&apos;s consent text and tick &quot;I agree&quot; first.</source>
        <translation>请先阅读研究的知情同意文本并勾选“我同意”。</translation>
    </message>
</context>
<context>
    <name>sense7::Store</name>
    <message>
        <source>%1 already exists: choose a new file name for the data set.</source>
        <translation>%1 已存在：请为数据集选择一个新文件名。</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <source>%1 is a folder, not a Sense-7 data set.</source>
        <translation>%1 是一个文件夹，不是 Sense-7 数据集。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is empty: it is not a Sense-7 data set.</source>
        <translation>%1 是空文件：它不是 Sense-7 数据集。</translation>
    </message>
    <message>
        <source>%1 is not a Sense-7 data set (it is not an SQLite database).</source>
        <translation>%1 不是 Sense-7 数据集（它不是 SQLite 数据库）。</translation>
    </message>
    <message>
        <source>%1 is damaged: its SQLite header is cut short.</source>
        <translation>%1 已损坏：其 SQLite 文件头不完整。</translation>
    </message>
    <message>
        <source>%1 is damaged or not a database: %2</source>
        <translation>%1 已损坏或不是数据库：%2</translation>
    </message>
    <message>
        <source>%1 is an SQLite database, but not a Sense-7 data set.</source>
        <translation>%1 是 SQLite 数据库，但不是 Sense-7 数据集。</translation>
    </message>
    <message>
        <source>%1 was written by a newer version of Sense-7 Studio (data set format %2; this version reads up to %3). Update Sense-7 Studio to open it.</source>
        <translation>%1 由更新版本的 Sense-7 Studio 写入（数据集格式 %2；本版本最高支持 %3）。请更新 Sense-7 Studio 后再打开。</translation>
    </message>
    <message>
        <source>%1 uses an older data set format (%2) and must be upgraded, but it is read-only. Copy it to a writable folder first.</source>
        <translation>%1 使用旧的数据集格式（%2），需要升级，但它是只读的。请先将其复制到可写的文件夹。</translation>
    </message>
    <message>
        <source>%1 is open read-only: nothing can be changed.</source>
        <translation>%1 以只读方式打开：无法进行任何修改。</translation>
    </message>
    <message>
        <source>A participant needs a code.</source>
        <translation>参与者需要一个代号。</translation>
    </message>
    <message>
        <source>%1: a participant with the code %2 already exists.</source>
        <translation>%1：代号为 %2 的参与者已存在。</translation>
    </message>
    <message>
        <source>%1: there is no participant %2.</source>
        <translation>%1：不存在参与者 %2。</translation>
    </message>
    <message>
        <source>%1: the annotator %2 exists already as %3, not as %4.</source>
        <translation>%1：标注者 %2 已作为 %3 存在，而不是 %4。</translation>
    </message>
    <message>
        <source>%1: the conversation &quot;%2&quot; is already in the data set.</source>
        <translation>%1：对话“%2”已在数据集中。</translation>
    </message>
    <message>
        <source>%1: there is no conversation %2.</source>
        <translation>%1：不存在对话 %2。</translation>
    </message>
    <message>
        <source>%1: there is no dimension %2.</source>
        <translation>%1：不存在维度 %2。</translation>
    </message>
    <message>
        <source>%1: %2 is outside the scale %3–%4 of &quot;%5&quot;.</source>
        <translation>%1：%2 超出了“%5”的量表范围 %3–%4。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a known reason for a continuity break.</source>
        <translation>“%1”不是已知的连续性中断原因。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; rates turns, not whole conversations.</source>
        <translation>%1：“%2”用于评价回合，而不是整个对话。</translation>
    </message>
    <message>
        <source>%1: a rating must be a whole number or &quot;not applicable&quot;.</source>
        <translation>%1：评分必须是整数或“不适用”。</translation>
    </message>
    <message>
        <source>%1: a continuity flag must be a JSON object.</source>
        <translation>%1：连贯性标记必须是 JSON 对象。</translation>
    </message>
    <message>
        <source>%1: a note must be text.</source>
        <translation>%1：备注必须是文本。</translation>
    </message>
    <message>
        <source>%1: a form&apos;s answers must be a JSON object.</source>
        <translation>%1：表单的答案必须是 JSON 对象。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; rates whole conversations, not turns.</source>
        <translation>%1：“%2”用于评价整个对话，而不是单个轮次。</translation>
    </message>
    <message>
        <source>%1 is damaged (%2) so badly that it cannot be opened. Restore a verified backup (`sense7 restore %1`), or salvage what can be read into a new data set (`sense7 recover %1 NEW.sense7`).</source>
        <translation>%1 损坏严重（%2），无法打开。请恢复经过验证的备份（`sense7 restore %1`），或把可读取的内容抢救到新的数据集（`sense7 recover %1 NEW.sense7`）。</translation>
    </message>
    <message>
        <source>%1, its protocol</source>
        <translation>%1 的协议</translation>
    </message>
    <message>
        <source>%1: conversation %2 is not a live conversation; only live conversations take new turns.</source>
        <translation>%1：对话 %2 不是实时对话；只有实时对话可以添加新的轮次。</translation>
    </message>
    <message>
        <source>%1: the study&apos;s protocol names no assistant conditions, so there is nothing to assign.</source>
        <translation>%1：研究的协议未指定任何助手条件，因此无可分配。</translation>
    </message>
    <message>
        <source>%1: the study&apos;s protocol has no assistant condition &quot;%2&quot;.</source>
        <translation>%1：研究的协议中没有助手条件“%2”。</translation>
    </message>
    <message>
        <source>%1: there is no session %2.</source>
        <translation>%1：不存在会话 %2。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a role; the roles are %3.</source>
        <translation>%1：“%2”不是角色；可用角色为 %3。</translation>
    </message>
    <message>
        <source>%1: there is no turn %2.</source>
        <translation>%1：不存在轮次 %2。</translation>
    </message>
    <message>
        <source>%1: conversation %2 was held live elsewhere and imported; only the data set it was held in continues it.</source>
        <translation>%1：对话 %2 是在别处实时进行后导入的；只有进行该对话的那个数据集才能继续它。</translation>
    </message>
    <message>
        <source>%1: a session of conversation %2 needs a start and a first turn from 0 to %3.</source>
        <translation>%1：对话 %2 的会话需要一个开始时间，以及 0 到 %3 之间的首个轮次。</translation>
    </message>
    <message>
        <source>%1: conversation %2 was held with the condition &quot;%3&quot;, not &quot;%4&quot;.</source>
        <translation>%1：对话 %2 使用的条件是“%3”，而不是“%4”。</translation>
    </message>
    <message>
        <source>%1: adding conversations in bulk needs a transaction.</source>
        <translation>%1：批量添加对话需要在事务中进行。</translation>
    </message>
    <message>
        <source>an import is under way, so the change was not saved. Try again when it has finished.</source>
        <translation>正在进行导入，因此此次更改未保存。请在导入完成后重试。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>&quot;%1&quot; names %n conversations (ids %2): it is the id, source id or hash (or a prefix of one) of each. Name the conversation by its whole content hash, as the tidy export does.</source>
        <translation>
            <numerusform>“%1”指向 %n 段对话（ID %2）：它是每一段的 ID、来源 ID 或哈希（或其前缀）。请用完整的内容哈希指明对话，就像整洁导出所做的那样。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 uses an older data set format (%2), which this version upgrades when it opens the data set to write into it: open it in the studio or import into it (`sense7 backup %1` keeps a copy as it is first).</source>
        <translation>%1 使用较旧的数据集格式（%2），本版本在打开数据集进行写入时会将其升级：请在工作室中打开它或向其中导入（`sense7 backup %1` 会先保留一份原样的副本）。</translation>
    </message>
    <message>
        <source>%1 is not the file this data set was opened from any more.</source>
        <translation>%1 已不再是打开此数据集时所用的文件。</translation>
    </message>
</context>
<context>
    <name>sense7::StudyProgressModel</name>
    <message>
        <source>%1 (withdrawn)</source>
        <translation>%1（已退出）</translation>
    </message>
    <message>
        <source>%1% (%2 of %3)</source>
        <translation>%1%（%2 / %3）</translation>
    </message>
    <message>
        <source>nothing to rate yet</source>
        <translation>尚无可评分的内容</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message numerus="yes">
        <source>Synced from %n machine(s)</source>
        <translation>
            <numerusform>已从 %n 台机器同步</numerusform>
        </translation>
    </message>
    <message>
        <source>Participant</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Rated</source>
        <translation>已评分</translation>
    </message>
    <message>
        <source>Last sync</source>
        <translation>上次同步</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>条件</translation>
    </message>
</context>
<context>
    <name>sense7::StudyProgressWindow</name>
    <message>
        <source>Study progress — %1</source>
        <translation>研究进度 — %1</translation>
    </message>
    <message>
        <source>study server</source>
        <translation>研究服务器</translation>
    </message>
    <message numerus="yes">
        <source>%n participant(s), %1 conversations. Read from the server at %2; read again every few seconds.</source>
        <translation>
            <numerusform>%n 名参与者，%1 个对话。于 %2 从服务器读取；每隔几秒重新读取一次。</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not read the server at %1: %2. The table shows the last figures read.</source>
        <translation>无法读取服务器（%1）：%2。表格显示的是上次读取到的数据。</translation>
    </message>
    <message>
        <source>&amp;Upgrade the server…</source>
        <translation>升级服务器(&amp;U)…</translation>
    </message>
    <message>
        <source>Adds to the study&apos;s schema on the server what this version of Sense-7 Studio expects; the data are kept.</source>
        <translation>向服务器上研究的架构添加此版本 Sense-7 Studio 所需的内容；数据保持不变。</translation>
    </message>
    <message>
        <source>The server was not upgraded: %1</source>
        <translation>服务器未升级：%1</translation>
    </message>
    <message>
        <source>This study&apos;s schema on the server is version %1; this version of Sense-7 Studio expects %2. Until it is upgraded, a participant&apos;s machine that runs an earlier version can replace the turns another machine added to a live conversation.</source>
        <translation>服务器上此研究的架构为版本 %1；此版本的 Sense-7 Studio 需要版本 %2。在升级之前，运行较早版本的参与者机器可能会替换另一台机器添加到实时对话中的轮次。</translation>
    </message>
    <message>
        <source>Upgrade the study server</source>
        <translation>升级研究服务器</translation>
    </message>
    <message>
        <source>Upgrade the study&apos;s schema on the server from version %1 to %2?

This is done once, for every participant and researcher, in one transaction; the data are kept. Your login must belong to the study&apos;s researchers (sense7_researcher).</source>
        <translation>将服务器上研究的架构从版本 %1 升级到 %2？

此操作只需进行一次，适用于所有参与者和研究人员，在一个事务中完成；数据保持不变。您的登录必须属于研究的研究人员（sense7_researcher）。</translation>
    </message>
    <message>
        <source>Upgrading the study&apos;s schema on the server…</source>
        <translation>正在升级服务器上研究的架构…</translation>
    </message>
</context>
<context>
    <name>sense7::StudyServerDialog</name>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;Pull</source>
        <translation>拉取(&amp;P)</translation>
    </message>
    <message>
        <source>Open study server</source>
        <translation>打开研究服务器</translation>
    </message>
    <message>
        <source>The study&apos;s PostgreSQL server and database. TLS is used whenever the server offers it; add ?sslmode=require to insist on it.</source>
        <translation>研究的 PostgreSQL 服务器和数据库。只要服务器支持就会使用 TLS；添加 ?sslmode=require 可强制使用 TLS。</translation>
    </message>
    <message>
        <source>your researcher login</source>
        <translation>你的研究者登录名</translation>
    </message>
    <message>
        <source>a new file, or one pulled into before</source>
        <translation>新文件，或之前拉取过的文件</translation>
    </message>
    <message>
        <source>The local data set the study is pulled into: created under the study&apos;s protocol when it does not exist; a later pull only reads what changed.</source>
        <translation>研究数据拉取到的本地数据集：若不存在，则按研究的协议创建；之后的拉取只读取有变化的内容。</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>服务器(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>用户(&amp;U)：</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>密码(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Local data set:</source>
        <translation>本地数据集(&amp;L)：</translation>
    </message>
    <message>
        <source>%v of %m conversations</source>
        <translation>%v / %m 个对话</translation>
    </message>
    <message>
        <source>Pull into data set</source>
        <translation>拉取到数据集</translation>
    </message>
    <message>
        <source>Sense-7 data sets (*.sense7)</source>
        <translation>Sense-7 数据集 (*.sense7)</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
</context>
<context>
    <name>sense7::StudySync</name>
    <message>
        <source>Study server sync</source>
        <translation>研究服务器同步</translation>
    </message>
    <message>
        <source>Synced %1</source>
        <translation>已同步 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) waiting to sync</source>
        <translation>
            <numerusform>%n 项更改等待同步</numerusform>
        </translation>
    </message>
    <message>
        <source>Study server: password needed</source>
        <translation>研究服务器：需要密码</translation>
    </message>
    <message>
        <source>The password for %1 is not in the system keychain: join the study again.</source>
        <translation>系统钥匙串中没有 %1 的密码：请重新加入研究。</translation>
    </message>
    <message>
        <source>No data set is open.</source>
        <translation>没有打开的数据集。</translation>
    </message>
    <message>
        <source>The password could not be kept in the system keychain: %1; it is asked for again next time.</source>
        <translation>无法将密码保存在系统钥匙串中：%1；下次会再次询问。</translation>
    </message>
    <message>
        <source>Syncing with %1…</source>
        <translation>正在与 %1 同步…</translation>
    </message>
    <message>
        <source>Study server %1: sent %2, received %3.</source>
        <translation>研究服务器 %1：已发送 %2，已接收 %3。</translation>
    </message>
    <message numerus="yes">
        <source>Offline — %n change(s) waiting</source>
        <translation>
            <numerusform>离线 — %n 项更改等待中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sync failed — %n change(s) waiting</source>
        <translation>
            <numerusform>同步失败 — %n 项更改等待中</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::TrajectoryChart</name>
    <message>
        <source>Rating trajectory</source>
        <translation>评分轨迹</translation>
    </message>
    <message>
        <source>Ratings of each assistant reply in this conversation, with continuity breaks</source>
        <translation>本对话中每条助手回复的评分，以及连续性断裂</translation>
    </message>
    <message>
        <source>Flagged: %1</source>
        <translation>已标记：%1</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>未说明原因</translation>
    </message>
    <message>
        <source>(lost turn %1)</source>
        <translation>（丢失的回合 %1）</translation>
    </message>
    <message>
        <source>Detected (%1): %2</source>
        <translation>检测到（%1）：%2</translation>
    </message>
    <message>
        <source>Reply %1</source>
        <translation>回复 %1</translation>
    </message>
    <message>
        <source>Detected break</source>
        <translation>检测到的断裂</translation>
    </message>
    <message>
        <source>Export &amp;Figure…</source>
        <translation>导出图表(&amp;F)…</translation>
    </message>
    <message>
        <source>mean %1, n = %2 of %3 dimensions</source>
        <translation>均值 %1，n = %2（共 %3 个维度）</translation>
    </message>
</context>
<context>
    <name>sense7::TranscriptView</name>
    <message>
        <source>Transcript</source>
        <translation>对话记录</translation>
    </message>
    <message>
        <source>Assistant · reply %1</source>
        <translation>助手 · 第 %1 条回复</translation>
    </message>
    <message>
        <source>Choose a conversation to read it here, or import your chat exports with File ▸ Import… or by dropping the files on this window.</source>
        <translation>选择一个对话在此阅读，或通过“文件 ▸ 导入…”或把文件拖放到此窗口来导入你的聊天导出文件。</translation>
    </message>
    <message numerus="yes">
        <source>Show more (%n more characters)</source>
        <translation>
            <numerusform>显示更多（还有 %n 个字符）</numerusform>
        </translation>
    </message>
    <message>
        <source>The conversation; the reply being rated is outlined. Links expand long messages.</source>
        <translation>对话内容；正在评分的回复带有边框。点击链接可展开长消息。</translation>
    </message>
</context>
<context>
    <name>sense7::Workspace</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Rate the current dimension and move to the next</source>
        <translation>为当前维度评分并移到下一个</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <source>Clear the focused rating</source>
        <translation>清除获得焦点的评分</translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation>上 / 下</translation>
    </message>
    <message>
        <source>Previous or next dimension (when a scale has focus)</source>
        <translation>上一个或下一个维度（当量表获得焦点时）</translation>
    </message>
    <message>
        <source>J or Page Down</source>
        <translation>J 或 Page Down</translation>
    </message>
    <message>
        <source>Next assistant reply</source>
        <translation>下一条助手回复</translation>
    </message>
    <message>
        <source>K or Page Up</source>
        <translation>K 或 Page Up</translation>
    </message>
    <message>
        <source>Previous assistant reply</source>
        <translation>上一条助手回复</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Toggle the continuity-break flag</source>
        <translation>切换连贯性中断标记</translation>
    </message>
    <message>
        <source>Next reply that is not fully rated</source>
        <translation>下一条尚未完整评分的回复</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Find in this conversation</source>
        <translation>在此对话中查找</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Stop picking the lost turn; close find</source>
        <translation>停止选择遗失的轮次；关闭查找</translation>
    </message>
    <message>
        <source>Import chat exports</source>
        <translation>导入聊天导出文件</translation>
    </message>
    <message>
        <source>F6 / Shift+F6</source>
        <translation>F6 / Shift+F6</translation>
    </message>
    <message>
        <source>Next or previous pane: conversations, transcript, ratings</source>
        <translation>下一个或上一个窗格：对话列表、对话记录、评分</translation>
    </message>
    <message>
        <source>Preferences: language and theme</source>
        <translation>首选项：语言和主题</translation>
    </message>
    <message>
        <source>1 – 9</source>
        <translation>1 – 9</translation>
    </message>
    <message>
        <source>0</source>
        <translation>0</translation>
    </message>
    <message>
        <source>0 on scales that have it; elsewhere not applicable</source>
        <translation>在有 0 的量表上为 0；其他量表上为不适用</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Not applicable, and move to the next (where the dimension allows it)</source>
        <translation>不适用，并移至下一项（在维度允许时）</translation>
    </message>
    <message>
        <source>Left / Right, - / +</source>
        <translation>Left / Right，- / +</translation>
    </message>
    <message>
        <source>Step the focused rating down or up</source>
        <translation>将焦点所在的评分调低或调高</translation>
    </message>
    <message>
        <source>Several digits (1 0 0)</source>
        <translation>多位数（1 0 0）</translation>
    </message>
    <message>
        <source>10 and more on longer scales: each digit within a moment of the last; a number is taken once no digit could extend it, or none follows</source>
        <translation>较长量表上的 10 及以上：每位数字在上一位之后片刻之内按下；当再按数字也无法延长它，或没有接着按下数字时，即采用这个数</translation>
    </message>
    <message>
        <source>Shift+Left / Shift+Right</source>
        <translation>Shift+左 / Shift+右</translation>
    </message>
    <message>
        <source>Step the focused rating by a tenth of a scale of more than 11 points</source>
        <translation>在超过 11 个分值的量表上，将获得焦点的评分按量表的十分之一调低或调高</translation>
    </message>
    <message>
        <source>Home / End</source>
        <translation>Home / End</translation>
    </message>
    <message>
        <source>The focused scale&apos;s lowest or highest point</source>
        <translation>获得焦点的量表的最低或最高分值</translation>
    </message>
</context>
<context>
    <name>sense7::about</name>
    <message>
        <source>public domain</source>
        <translation>公有领域</translation>
    </message>
    <message>
        <source>Measure how people perceive empathy in their conversations with AI assistants, turn by turn, on the seven SENSE-7 dimensions.</source>
        <translation>逐回合地在 SENSE-7 的七个维度上，测量人们在与 AI 助手对话中感知到的共情。</translation>
    </message>
    <message>
        <source>Copyright © Sense-7 Studio contributors. Free software under the GNU General Public License, version 3 or later; it comes with no warranty.</source>
        <translation>版权所有 © Sense-7 Studio 贡献者。本软件是依据 GNU 通用公共许可证第 3 版或更高版本发布的自由软件，不提供任何担保。</translation>
    </message>
    <message>
        <source>Third-party components</source>
        <translation>第三方组件</translation>
    </message>
</context>
<context>
    <name>sense7::analysis</name>
    <message>
        <source>The data set has no instrument “%1”.</source>
        <translation>数据集中没有量表“%1”。</translation>
    </message>
    <message>
        <source>No model ratings in this data set: import predictions as annotator kind “model” first.</source>
        <translation>此数据集中没有模型评分：请先以标注者类型“model”导入预测。</translation>
    </message>
    <message>
        <source>No model “%1” in this data set; it has: %2.</source>
        <translation>此数据集中没有模型“%1”；现有：%2。</translation>
    </message>
    <message>
        <source>%1 has no instrument to compare ratings on.</source>
        <translation>%1 没有可用于比较评分的量表。</translation>
    </message>
    <message>
        <source>%1 has no instrument “%2”; it has: %3.</source>
        <translation>%1 没有量表“%2”；它有：%3。</translation>
    </message>
    <message>
        <source>The instrument “%1” has no turn-level dimension “%2”; it has: %3.</source>
        <translation>量表“%1”没有轮次级维度“%2”；它有：%3。</translation>
    </message>
    <message>
        <source>(unknown assistant)</source>
        <translation>（未知助手）</translation>
    </message>
</context>
<context>
    <name>sense7::browse</name>
    <message>
        <source>Condition</source>
        <translation>条件</translation>
    </message>
</context>
<context>
    <name>sense7::charts</name>
    <message>
        <source>Rating distribution per dimension</source>
        <translation>各维度的评分分布</translation>
    </message>
    <message>
        <source>Share of ratings (%)</source>
        <translation>评分占比（%）</translation>
    </message>
    <message>
        <source>Relative position in the conversation</source>
        <translation>在对话中的相对位置</translation>
    </message>
    <message>
        <source>Mean rating</source>
        <translation>平均评分</translation>
    </message>
    <message>
        <source>Mean rating by participant and dimension</source>
        <translation>按参与者和维度的平均评分</translation>
    </message>
    <message>
        <source>Participant</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>Replies from the flagged break</source>
        <translation>距标记断裂的回复数</translation>
    </message>
    <message>
        <source>Spearman correlation between dimensions</source>
        <translation>维度之间的 Spearman 相关</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Flagged break</source>
        <translation>标记的断裂</translation>
    </message>
    <message>
        <source>Detected break</source>
        <translation>检测到的断裂</translation>
    </message>
    <message>
        <source>Assistant reply</source>
        <translation>助手回复</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>Distribution</source>
        <translation>分布</translation>
    </message>
    <message>
        <source>Trajectory</source>
        <translation>轨迹</translation>
    </message>
    <message>
        <source>Assistants</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Participants</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>Around breaks</source>
        <translation>断裂前后</translation>
    </message>
    <message>
        <source>Correlations</source>
        <translation>相关</translation>
    </message>
    <message>
        <source>By context</source>
        <translation>按情境</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>not answered</source>
        <translation>未回答</translation>
    </message>
    <message>
        <source>Cannot draw the figure into %1.</source>
        <translation>无法将图表绘制到 %1。</translation>
    </message>
    <message>
        <source>%1 dpi is outside 36–2400.</source>
        <translation>%1 dpi 超出 36–2400 的范围。</translation>
    </message>
    <message>
        <source>Cannot write %1 as PNG.</source>
        <translation>无法将 %1 写为 PNG。</translation>
    </message>
    <message>
        <source>Cannot write %1.json</source>
        <translation>无法写入 %1.json</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Spearman ρ</source>
        <translation>Spearman ρ</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>mean %1</source>
        <translation>均值 %1</translation>
    </message>
    <message>
        <source>95% CI %1–%2</source>
        <translation>95% CI %1–%2</translation>
    </message>
    <message>
        <source>n = %1</source>
        <translation>n = %1</translation>
    </message>
    <message numerus="yes">
        <source>(%n rating(s))</source>
        <translation>
            <numerusform>（%n 条评分）</numerusform>
        </translation>
    </message>
    <message>
        <source>too few for an interval</source>
        <translation>数量太少，无法计算区间</translation>
    </message>
    <message>
        <source>Position %1</source>
        <translation>位置 %1</translation>
    </message>
    <message>
        <source>Participants (n = %1), by mean</source>
        <translation>参与者（n = %1），按均值排序</translation>
    </message>
    <message>
        <source>Offset %1</source>
        <translation>偏移 %1</translation>
    </message>
    <message>
        <source>the data set has no such instrument</source>
        <translation>数据集中没有这个量表</translation>
    </message>
    <message>
        <source>the instrument %1 has no reply-level dimensions</source>
        <translation>量表 %1 没有回复级维度</translation>
    </message>
    <message>
        <source>no reply in the conversations selected is rated on %1</source>
        <translation>所选对话中没有任何回复按 %1 评过分</translation>
    </message>
    <message>
        <source>no rated reply has a position in its conversation</source>
        <translation>没有任何已评分回复在其对话中有位置</translation>
    </message>
    <message>
        <source>no assistant has ratings</source>
        <translation>没有任何助手有评分</translation>
    </message>
    <message>
        <source>no participant has ratings</source>
        <translation>没有任何参与者有评分</translation>
    </message>
    <message>
        <source>no reply in the conversations selected is flagged as a break</source>
        <translation>所选对话中没有任何回复被标记为中断</translation>
    </message>
    <message>
        <source>no reply around the flagged breaks is rated</source>
        <translation>已标记中断前后没有任何已评分的回复</translation>
    </message>
    <message>
        <source>a correlation matrix needs two dimensions or more, and %1 has one</source>
        <translation>相关矩阵需要两个或更多维度，而 %1 只有一个</translation>
    </message>
    <message>
        <source>too few replies are rated on two dimensions to correlate them</source>
        <translation>同时在两个维度上评过分的回复太少，无法计算相关</translation>
    </message>
    <message>
        <source>the conversations have no context field to group by</source>
        <translation>对话没有可用于分组的情境字段</translation>
    </message>
    <message>
        <source>no rated conversation has a value for “%1”</source>
        <translation>没有任何已评分对话在“%1”上有值</translation>
    </message>
    <message>
        <source>Not drawn: %1.</source>
        <translation>未绘制：%1。</translation>
    </message>
    <message>
        <source>%1 (the %2 largest of %3)</source>
        <translation>%1（%3 个中最大的 %2 个）</translation>
    </message>
    <message>
        <source>Means of the participants&apos; means, with a t-based 95% interval over participants (n = participants), clamped to the scale; none below n = 3.</source>
        <translation>参与者均值的均值，附基于 t 分布、跨参与者计算的 95% 区间（n = 参与者数），截断到量表范围内；n 小于 3 时不给出区间。</translation>
    </message>
    <message>
        <source>Means of the conversations&apos; means, with a t-based 95% interval over conversations (n = conversations), clamped to the scale; none below n = 3.</source>
        <translation>对话均值的均值，附基于 t 分布、跨对话计算的 95% 区间（n = 对话数），截断到量表范围内；n 小于 3 时不给出区间。</translation>
    </message>
    <message>
        <source>Means of the ratings, with a t-based 95% interval treating ratings as independent (n = ratings), clamped to the scale; none below n = 3.</source>
        <translation>评分的均值，附基于 t 分布、将各评分视为相互独立的 95% 区间（n = 评分数），截断到量表范围内；n 小于 3 时不给出区间。</translation>
    </message>
    <message>
        <source>%1: no test (fewer than two groups with varying ratings)</source>
        <translation>%1：未检验（评分有变化的组少于两个）</translation>
    </message>
    <message>
        <source>%1: H = %2, df = %3, p %4, n = %5</source>
        <translation>%1：H = %2，df = %3，p %4，n = %5</translation>
    </message>
    <message>
        <source>%1, n = %2 per point</source>
        <translation>%1，每点 n = %2</translation>
    </message>
    <message>
        <source>n = %1 per point, too few for an interval</source>
        <translation>每点 n = %1，太少，无法给出区间</translation>
    </message>
    <message>
        <source>means, 95% CI</source>
        <translation>均值，95% 置信区间</translation>
    </message>
    <message>
        <source>means; too few for an interval</source>
        <translation>均值；太少，无法给出区间</translation>
    </message>
    <message>
        <source>%1 · rating %2: %3% (%4 of n = %5 ratings)</source>
        <translation>%1 · 评分 %2：%3%（n = %5 条评分中的 %4 条）</translation>
    </message>
    <message>
        <source>Mean rating over the conversation (%1)</source>
        <translation>对话过程中的平均评分（%1）</translation>
    </message>
    <message>
        <source>95% band</source>
        <translation>95% 区间带</translation>
    </message>
    <message>
        <source>Mean rating around %1 flagged breaks (%2)</source>
        <translation>%1 处标记中断前后的平均评分（%2）</translation>
    </message>
    <message>
        <source>95% CI</source>
        <translation>95% 置信区间</translation>
    </message>
    <message>
        <source>%1: ρ = %2, n = %3</source>
        <translation>%1：ρ = %2，n = %3</translation>
    </message>
    <message>
        <source>%1: too few pairs for ρ, n = %2</source>
        <translation>%1：配对太少，无法计算 ρ，n = %2</translation>
    </message>
    <message>
        <source>Assistants compared (%1)</source>
        <translation>助手比较（%1）</translation>
    </message>
    <message>
        <source>Ratings by “%1” (%2)</source>
        <translation>按“%1”分组的评分（%2）</translation>
    </message>
    <message>
        <source>One conversation: each point is a single rating, the mean the mean of the dimensions rated at that reply (n); no interval is drawn.</source>
        <translation>单个对话：每个点是一条评分，均值是该回复已评维度的均值（n）；不绘制区间。</translation>
    </message>
    <message>
        <source>Session %1</source>
        <translation>第 %1 次会话</translation>
    </message>
    <message>
        <source>Conditions compared (%1)</source>
        <translation>条件比较（%1）</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>已导入</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>Mean rating (grey: no ratings)</source>
        <translation>平均评分（灰色：无评分）</translation>
    </message>
</context>
<context>
    <name>sense7::classify</name>
    <message>
        <source>the reply holds no JSON object</source>
        <translation>回复中没有 JSON 对象</translation>
    </message>
    <message>
        <source>the reply is not valid JSON (%1 at character %2)</source>
        <translation>回复不是有效的 JSON（第 %2 个字符处：%1）</translation>
    </message>
    <message>
        <source>the reply has no rating for &quot;%1&quot;</source>
        <translation>回复中没有“%1”的评分</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be rated; it may not be null</source>
        <translation>“%1”必须评分，不能为 null</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is %2, not a whole number from %3 to %4</source>
        <translation>“%1”为 %2，不是 %3 到 %4 之间的整数</translation>
    </message>
</context>
<context>
    <name>sense7::classify::Classifier</name>
    <message>
        <source>A prediction run is already going on.</source>
        <translation>已有一次预测正在进行。</translation>
    </message>
    <message>
        <source>“%1” is not an http or https address.</source>
        <translation>“%1”不是 http 或 https 地址。</translation>
    </message>
    <message>
        <source>Name the model to ask.</source>
        <translation>请指定要询问的模型。</translation>
    </message>
    <message>
        <source>conversation %1, turn %2</source>
        <translation>对话 %1，回合 %2</translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation>%1 秒内没有回答</translation>
    </message>
    <message>
        <source>Cannot reach %1: %2</source>
        <translation>无法连接 %1：%2</translation>
    </message>
    <message>
        <source>the server answered HTTP %1</source>
        <translation>服务器返回 HTTP %1</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2: %3</source>
        <translation>%1 返回 HTTP %2：%3</translation>
    </message>
    <message>
        <source>the server answered HTTP %1: %2</source>
        <translation>服务器返回 HTTP %1：%2</translation>
    </message>
    <message>
        <source>the reply has no choices[0].message.content</source>
        <translation>回复中没有 choices[0].message.content</translation>
    </message>
    <message numerus="yes">
        <source>%1 (after %n attempt(s))</source>
        <translation>
            <numerusform>%1（尝试 %n 次后）</numerusform>
        </translation>
    </message>
    <message>
        <source>Instrument “%1” rates only whole conversations; a model rates replies.</source>
        <translation>量表“%1”只对整个对话评分；模型是对回复评分。</translation>
    </message>
    <message>
        <source>%1 has no instrument “%2” to rate with; it has: %3.</source>
        <translation>%1 没有可用于评分的量表“%2”；它有：%3。</translation>
    </message>
</context>
<context>
    <name>sense7::cli</name>
    <message>
        <source>The data set file to create.</source>
        <translation>要创建的数据集文件。</translation>
    </message>
    <message>
        <source>Fill it with the illustrative demo data.</source>
        <translation>填入示例演示数据。</translation>
    </message>
    <message>
        <source>Describe a data set: counts, assistants and instruments.</source>
        <translation>描述数据集：数量、助手和量表。</translation>
    </message>
    <message>
        <source>The data set file.</source>
        <translation>数据集文件。</translation>
    </message>
    <message>
        <source>Print JSON instead of text.</source>
        <translation>输出 JSON 而不是文本。</translation>
    </message>
    <message>
        <source>Data set:          %1</source>
        <translation>数据集：      %1</translation>
    </message>
    <message>
        <source>Format version:    %1</source>
        <translation>格式版本：    %1</translation>
    </message>
    <message>
        <source>Participants:      %1</source>
        <translation>参与者：      %1</translation>
    </message>
    <message>
        <source>Conversations:     %1</source>
        <translation>对话：        %1</translation>
    </message>
    <message>
        <source>Turns:             %1 (%2 by the assistant)</source>
        <translation>回合：        %1（其中助手 %2）</translation>
    </message>
    <message>
        <source>Ratings:           %1 of turns, %2 of conversations</source>
        <translation>评分：        回合 %1 条，对话 %2 条</translation>
    </message>
    <message>
        <source>Continuity flags:  %1</source>
        <translation>连续性标记：  %1</translation>
    </message>
    <message>
        <source>Assistants:        %1</source>
        <translation>助手：        %1</translation>
    </message>
    <message>
        <source>create a new data set</source>
        <translation>新建数据集</translation>
    </message>
    <message>
        <source>describe a data set</source>
        <translation>描述数据集</translation>
    </message>
    <message>
        <source>Usage: sense7 COMMAND [OPTIONS] ...</source>
        <translation>用法：sense7 命令 [选项] ...</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>Run &apos;sense7 COMMAND --help&apos; for a command&apos;s options; &apos;sense7 --version&apos; for the version.</source>
        <translation>运行 &apos;sense7 命令 --help&apos; 查看命令选项；运行 &apos;sense7 --version&apos; 查看版本。</translation>
    </message>
    <message>
        <source>sense7: unknown command &quot;%1&quot;.</source>
        <translation>sense7：未知命令“%1”。</translation>
    </message>
    <message>
        <source>sense7 %1: %2</source>
        <translation>sense7 %1：%2</translation>
    </message>
    <message>
        <source>Import chat exports, research data sets, ratings or Sense-7 bundles. Each file is one transaction: a file with an error changes nothing. Conversations already in the data set are not added again.</source>
        <translation>导入聊天导出文件、研究数据集、评分或 Sense-7 数据包。每个文件是一个事务：出错的文件不会改变任何内容。数据集中已有的对话不会被重复添加。</translation>
    </message>
    <message>
        <source>Files to import.</source>
        <translation>要导入的文件。</translation>
    </message>
    <message>
        <source>The data set to import into.</source>
        <translation>导入到的数据集。</translation>
    </message>
    <message>
        <source>The format, instead of telling it from the content: %1.</source>
        <translation>指定格式，而不是根据内容判断：%1。</translation>
    </message>
    <message>
        <source>The participant code the conversations belong to.</source>
        <translation>这些对话所属参与者的代号。</translation>
    </message>
    <message>
        <source>The assistant label to give the conversations.</source>
        <translation>为这些对话指定的助手标签。</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>sense7 import: %1</source>
        <translation>sense7 import：%1</translation>
    </message>
    <message>
        <source>import exports, data sets, ratings or bundles</source>
        <translation>导入导出文件、数据集、评分或数据包</translation>
    </message>
    <message>
        <source>The data set.</source>
        <translation>数据集。</translation>
    </message>
    <message>
        <source>Only this participant&apos;s conversations.</source>
        <translation>只包括该参与者的对话。</translation>
    </message>
    <message>
        <source>Bootstrap resamples for the 95% intervals; 0 for none (default: 1000).</source>
        <translation>用于 95% 区间的自助法重抽样次数；0 表示不计算（默认：1000）。</translation>
    </message>
    <message>
        <source>Print JSON instead of a table.</source>
        <translation>输出 JSON 而不是表格。</translation>
    </message>
    <message>
        <source>Spearman ρ [95% CI]</source>
        <translation>Spearman ρ [95% CI]</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>MAE</source>
        <translation>MAE</translation>
    </message>
    <message>
        <source>QWK</source>
        <translation>QWK</translation>
    </message>
    <message>
        <source>The model annotator to evaluate.</source>
        <translation>要评估的模型标注者。</translation>
    </message>
    <message>
        <source>No model ratings in %1.</source>
        <translation>%1 中没有模型评分。</translation>
    </message>
    <message>
        <source>Choose a model with --model: %1.</source>
        <translation>请用 --model 选择一个模型：%1。</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Floors on the same turns (means over dimensions):</source>
        <translation>相同回合上的基线（各维度平均）：</translation>
    </message>
    <message>
        <source>majority rating</source>
        <translation>多数评分</translation>
    </message>
    <message>
        <source>SENSE-7 paper (Suh et al., 2025): mean ρ = %1, accuracy = %2.</source>
        <translation>SENSE-7 论文（Suh 等，2025）：平均 ρ = %1，准确率 = %2。</translation>
    </message>
    <message>
        <source>Test–retest: participants against their own blind re-ratings</source>
        <translation>重测信度：参与者与其本人的盲法重复评分</translation>
    </message>
    <message>
        <source>α self+obs.</source>
        <translation>α 自评+观察</translation>
    </message>
    <message>
        <source>α observers</source>
        <translation>α 观察者</translation>
    </message>
    <message>
        <source>between participants</source>
        <translation>参与者之间</translation>
    </message>
    <message>
        <source>--%1 needs a whole number of 1 or more, not “%2”.</source>
        <translation>--%1 需要 1 或更大的整数，而不是“%2”。</translation>
    </message>
    <message>
        <source>The endpoint, e.g. http://localhost:8080/v1.</source>
        <translation>端点，例如 http://localhost:8080/v1。</translation>
    </message>
    <message>
        <source>The model to ask.</source>
        <translation>要询问的模型。</translation>
    </message>
    <message>
        <source>A conversation to rate (id, source id or content hash); repeat for more. Default: all.</source>
        <translation>要评分的对话（id、来源 id 或内容哈希）；可重复指定多个。默认：全部。</translation>
    </message>
    <message>
        <source>Earlier turns shown before the rated reply (default: 8).</source>
        <translation>在被评分回复之前显示的回合数（默认：8）。</translation>
    </message>
    <message>
        <source>Requests at once (default: 4).</source>
        <translation>同时进行的请求数（默认：4）。</translation>
    </message>
    <message>
        <source>Seconds to wait for one answer (default: 60).</source>
        <translation>等待单个回答的秒数（默认：60）。</translation>
    </message>
    <message>
        <source>Tries per turn on timeouts, HTTP 429/5xx and malformed answers (default: 4).</source>
        <translation>遇到超时、HTTP 429/5xx 和格式错误的回答时，每个回合的尝试次数（默认：4）。</translation>
    </message>
    <message>
        <source>The environment variable holding the API key (default: SENSE7_API_KEY).</source>
        <translation>保存 API 密钥的环境变量（默认：SENSE7_API_KEY）。</translation>
    </message>
    <message>
        <source>sense7 classify needs --%1.</source>
        <translation>sense7 classify 需要 --%1。</translation>
    </message>
    <message>
        <source>No conversation “%1” in %2.</source>
        <translation>%2 中没有对话“%1”。</translation>
    </message>
    <message>
        <source>%1 of %2 turns</source>
        <translation>%1 / %2 个回合</translation>
    </message>
    <message>
        <source>%1: %2 turns rated, %3 unchanged and skipped, %4 failed; %5 requests.</source>
        <translation>%1：已评分 %2 个回合，%3 个未变而跳过，%4 个失败；共 %5 次请求。</translation>
    </message>
    <message>
        <source>sense7 classify: %1</source>
        <translation>sense7 classify：%1</translation>
    </message>
    <message>
        <source>reliability: re-rating, observers, individual judgements</source>
        <translation>信度：重复评分、观察者、个体化判断</translation>
    </message>
    <message>
        <source>ask a model (OpenAI-compatible endpoint) to rate turns</source>
        <translation>请模型（兼容 OpenAI 的端点）为回合评分</translation>
    </message>
    <message>
        <source>compare a model&apos;s ratings with the participants&apos; own</source>
        <translation>比较模型评分与参与者自评</translation>
    </message>
    <message>
        <source>--bootstrap needs a whole number of 0 or more, not “%1”.</source>
        <translation>--bootstrap 需要 0 或更大的整数，而不是“%1”。</translation>
    </message>
    <message>
        <source>No participant “%1” in %2.</source>
        <translation>%2 中没有参与者“%1”。</translation>
    </message>
    <message>
        <source>write tidy CSV, JSON Lines or a bundle</source>
        <translation>写出整洁 CSV、JSON Lines 或数据包</translation>
    </message>
    <message>
        <source>draw publication figures (PDF, SVG, PNG)</source>
        <translation>绘制出版用图表（PDF、SVG、PNG）</translation>
    </message>
    <message>
        <source>The data set to export.</source>
        <translation>要导出的数据集。</translation>
    </message>
    <message>
        <source>csv, jsonl or bundle.</source>
        <translation>csv、jsonl 或 bundle。</translation>
    </message>
    <message>
        <source>The file to write.</source>
        <translation>要写入的文件。</translation>
    </message>
    <message>
        <source>Bundle: give the participant a pseudonym and redact emails, phone numbers, web and IP addresses.</source>
        <translation>数据包：为参与者使用化名，并遮盖电子邮件、电话号码、网址和 IP 地址。</translation>
    </message>
    <message>
        <source>Bundle, with --anonymise: also redact TERM (a name, a company) wherever it appears as a word (repeat for more).</source>
        <translation>数据包，配合 --anonymise：凡 TERM（姓名、公司）作为词出现时也一并遮盖（可重复）。</translation>
    </message>
    <message>
        <source>Bundle, with --anonymise: leave out all message text.</source>
        <translation>数据包，配合 --anonymise：省略所有消息文本。</translation>
    </message>
    <message>
        <source>Bundle, with --anonymise: the participant code to use instead of the pseudonym.</source>
        <translation>数据包，配合 --anonymise：用来代替化名的参与者编号。</translation>
    </message>
    <message>
        <source>--format must be csv, jsonl or bundle, not &quot;%1&quot;.</source>
        <translation>--format 必须是 csv、jsonl 或 bundle，而不是“%1”。</translation>
    </message>
    <message>
        <source>--redact, --ratings-only and --code need --anonymise.</source>
        <translation>--redact、--ratings-only 和 --code 需要配合 --anonymise。</translation>
    </message>
    <message>
        <source>--anonymise applies to bundles: add --format bundle.</source>
        <translation>--anonymise 仅适用于数据包：请加上 --format bundle。</translation>
    </message>
    <message>
        <source>Wrote %1: %2 conversations, %3 ratings.</source>
        <translation>已写入 %1：%2 个对话，%3 个评分。</translation>
    </message>
    <message>
        <source>Redactions: %1.</source>
        <translation>遮盖：%1 处。</translation>
    </message>
    <message>
        <source>The folder to write into (created if needed).</source>
        <translation>要写入的文件夹（需要时创建）。</translation>
    </message>
    <message>
        <source>Comma-separated: pdf, svg, png.</source>
        <translation>以逗号分隔：pdf、svg、png。</translation>
    </message>
    <message>
        <source>single (3.5 in wide) or double (7.16 in) column.</source>
        <translation>单栏（3.5 英寸宽）或双栏（7.16 英寸）。</translation>
    </message>
    <message>
        <source>Resolution of PNG figures.</source>
        <translation>PNG 图表的分辨率。</translation>
    </message>
    <message>
        <source>The font (default %1).</source>
        <translation>字体（默认 %1）。</translation>
    </message>
    <message>
        <source>The font size in points (default 8 single, 9 double).</source>
        <translation>字号，单位为磅（单栏默认 8，双栏默认 9）。</translation>
    </message>
    <message>
        <source>Only this chart (repeat for more): distribution, trajectory, assistants, participants, breaks, correlation, context.</source>
        <translation>只绘制此图表（可重复）：distribution、trajectory、assistants、participants、breaks、correlation、context。</translation>
    </message>
    <message>
        <source>Draw this conversation&apos;s trajectory (an id, source id or content hash; repeat for more).</source>
        <translation>绘制此对话的轨迹（编号、来源编号或内容哈希；可重复）。</translation>
    </message>
    <message>
        <source>--preset must be single or double, not &quot;%1&quot;.</source>
        <translation>--preset 必须是 single 或 double，而不是“%1”。</translation>
    </message>
    <message>
        <source>--font-size must be a size in points from 4 to 24.</source>
        <translation>--font-size 必须是 4 到 24 之间的磅值。</translation>
    </message>
    <message>
        <source>--dpi must be a whole number from 36 to 2400.</source>
        <translation>--dpi 必须是 36 到 2400 之间的整数。</translation>
    </message>
    <message>
        <source>--format: &quot;%1&quot; is not pdf, svg or png.</source>
        <translation>--format：“%1”不是 pdf、svg 或 png。</translation>
    </message>
    <message>
        <source>--format names no format.</source>
        <translation>--format 没有指定任何格式。</translation>
    </message>
    <message>
        <source>--chart: there is no chart &quot;%1&quot;.</source>
        <translation>--chart：没有图表“%1”。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>%1 has no conversation &quot;%2&quot;.</source>
        <translation>%1 中没有对话“%2”。</translation>
    </message>
    <message>
        <source>Only this participant&apos;s conversations (repeat for more).</source>
        <translation>只包括此参与者的对话（可重复）。</translation>
    </message>
    <message>
        <source>Only conversations with this assistant (repeat for more).</source>
        <translation>只包括与此助手的对话（可重复）。</translation>
    </message>
    <message>
        <source>Only this task type of the context form (repeat for more).</source>
        <translation>只包括情境表单中此任务类型（可重复）。</translation>
    </message>
    <message>
        <source>Only conversations started on or after DATE.</source>
        <translation>只包括在 DATE 当天或之后开始的对话。</translation>
    </message>
    <message>
        <source>Only conversations started on or before DATE.</source>
        <translation>只包括在 DATE 当天或之前开始的对话。</translation>
    </message>
    <message>
        <source>Only conversations with flagged, detected or no breaks.</source>
        <translation>只包括有标记断裂、检测到断裂或没有断裂的对话。</translation>
    </message>
    <message>
        <source>Only conversations where some turn contains TEXT.</source>
        <translation>只包括某个轮次包含 TEXT 的对话。</translation>
    </message>
    <message>
        <source>Only conversations whose mean rating on DIMENSION lies between MIN and MAX, e.g. warmth:4:5 (repeat for more).</source>
        <translation>只包括在 DIMENSION 上平均评分介于 MIN 与 MAX 之间的对话，例如 warmth:4:5（可重复）。</translation>
    </message>
    <message>
        <source>%1 is read-only and the summaries of some conversations are out of date: filters and charts may not show the latest ratings.</source>
        <translation>%1 为只读，部分对话的汇总已过时：筛选和图表可能未反映最新评分。</translation>
    </message>
    <message>
        <source>--breaks must be flagged, detected or none, not &quot;%1&quot;.</source>
        <translation>--breaks 必须是 flagged、detected 或 none，而不是“%1”。</translation>
    </message>
    <message>
        <source>--range %1 is not DIMENSION:MIN:MAX, e.g. warmth:4:5.</source>
        <translation>--range %1 不是 DIMENSION:MIN:MAX 的形式，例如 warmth:4:5。</translation>
    </message>
    <message>
        <source>--%1 %2 is not a date such as 2025-03-31.</source>
        <translation>--%1 %2 不是 2025-03-31 这样的日期。</translation>
    </message>
    <message>
        <source>--range %1: the data set has no dimension &quot;%2&quot;.</source>
        <translation>--range %1：数据集中没有维度“%2”。</translation>
    </message>
    <message>
        <source>Who rated, for a ratings file without an annotator column (required then). Use &quot;self&quot; only for the participants&apos; own ratings.</source>
        <translation>评分者，用于没有 annotator 列的评分文件（此时必填）。只有参与者本人的评分才使用“self”。</translation>
    </message>
    <message>
        <source>The kind of --annotator: self, observer or model (default: self for &quot;self&quot;, else observer).</source>
        <translation>--annotator 的类型：self、observer 或 model（默认：“self”为 self，其余为 observer）。</translation>
    </message>
    <message>
        <source>What to do with a value the data set already holds differently: keep it and report (default), replace it (journaled), or fail (the file changes nothing).</source>
        <translation>数据集中已有不同的值时如何处理：保留并报告（默认）、替换（记入日志）或失败（该文件不做任何更改）。</translation>
    </message>
    <message>
        <source>Write every conflict to FILE, as CSV (.csv) or JSON (.json).</source>
        <translation>将所有冲突写入 FILE，格式为 CSV (.csv) 或 JSON (.json)。</translation>
    </message>
    <message>
        <source>sense7 import: the annotator kind &quot;%1&quot; is not self, observer or model.</source>
        <translation>sense7 import：评分者类型“%1”不是 self、observer 或 model。</translation>
    </message>
    <message>
        <source>sense7 import: --on-conflict must be keep, replace or fail, not &quot;%1&quot;.</source>
        <translation>sense7 import：--on-conflict 必须是 keep、replace 或 fail，而不是“%1”。</translation>
    </message>
    <message>
        <source>sense7 import: the report %1 must end in .csv or .json.</source>
        <translation>sense7 import：报告 %1 的文件名必须以 .csv 或 .json 结尾。</translation>
    </message>
    <message>
        <source>Conflicts written to %1: %2.</source>
        <translation>冲突已写入 %1：%2。</translation>
    </message>
    <message>
        <source>check a data set for damage (exit code 2 if damaged)</source>
        <translation>检查数据集是否损坏（损坏时退出码为 2）</translation>
    </message>
    <message>
        <source>make a verified backup of a data set now</source>
        <translation>立即为数据集制作经过验证的备份</translation>
    </message>
    <message>
        <source>list verified backups, or restore one</source>
        <translation>列出经过验证的备份，或恢复其中一个</translation>
    </message>
    <message>
        <source>salvage the readable rows of a damaged data set into a new one</source>
        <translation>把损坏数据集中可读取的行抢救到新的数据集</translation>
    </message>
    <message>
        <source>Leave the title out of the figure (for a caption set outside it).</source>
        <translation>图中不绘制标题（图注放在图外时使用）。</translation>
    </message>
    <message>
        <source>%1 conversations, %2 turns, %3 ratings</source>
        <translation>%1 个对话，%2 个轮次，%3 条评分</translation>
    </message>
    <message>
        <source>sense7 %1: nothing was written. %2</source>
        <translation>sense7 %1：未写入任何内容。%2</translation>
    </message>
    <message>
        <source>Check a data set for damage: SQLite&apos;s full integrity check and its foreign-key check. Exit code 0: no damage; 2: damaged; 1: it could not be checked.</source>
        <translation>检查数据集是否损坏：SQLite 的完整性检查和外键检查。退出码 0：未损坏；2：已损坏；1：无法检查。</translation>
    </message>
    <message>
        <source>%1: no damage found (integrity check and foreign-key check).</source>
        <translation>%1：未发现损坏（完整性检查和外键检查）。</translation>
    </message>
    <message>
        <source>%1 is damaged:</source>
        <translation>%1 已损坏：</translation>
    </message>
    <message>
        <source>Do not write into it. Restore a verified backup (`sense7 restore %1 --list`), or salvage every readable row into a new data set (`sense7 recover %1 NEW.sense7`).</source>
        <translation>请勿写入。请恢复经过验证的备份（`sense7 restore %1 --list`），或把所有可读取的行抢救到新的数据集（`sense7 recover %1 NEW.sense7`）。</translation>
    </message>
    <message>
        <source>Make a verified backup of a data set now, in the folder DB.backups beside it. The copy is kept only when it passes the full integrity check; the newest five and the newest of each of the last seven days are kept.</source>
        <translation>立即为数据集制作经过验证的备份，保存在旁边的 DB.backups 文件夹中。只有通过完整性检查的副本才会保留；保留最新的五个，以及最近七天中每天最新的一个。</translation>
    </message>
    <message>
        <source>Backed up %1 to %2 (verified; %3).</source>
        <translation>已将 %1 备份到 %2（已验证；%3）。</translation>
    </message>
    <message>
        <source>Replace a data set with one of its verified backups (the newest unless --from says which). The current file is kept beside it, renamed, never deleted. Refused while another program has the data set open.</source>
        <translation>用经过验证的备份之一替换数据集（除非 --from 指定，否则用最新的）。当前文件改名后保留在旁边，绝不删除。其他程序打开该数据集时拒绝执行。</translation>
    </message>
    <message>
        <source>List the verified backups and change nothing.</source>
        <translation>列出经过验证的备份，不做任何更改。</translation>
    </message>
    <message>
        <source>The backup to restore: its path, or its file name in DB.backups.</source>
        <translation>要恢复的备份：其路径，或其在 DB.backups 中的文件名。</translation>
    </message>
    <message>
        <source>%1 has no verified backups (in %2).</source>
        <translation>%1 没有经过验证的备份（在 %2 中）。</translation>
    </message>
    <message>
        <source>%1 has no verified backups (in %2): salvage it with `sense7 recover %1 NEW.sense7` instead.</source>
        <translation>%1 没有经过验证的备份（在 %2 中）：请改用 `sense7 recover %1 NEW.sense7` 抢救。</translation>
    </message>
    <message>
        <source>Restored %1 from %2.</source>
        <translation>已从 %2 恢复 %1。</translation>
    </message>
    <message>
        <source>The replaced file is kept at %1.</source>
        <translation>被替换的文件保留在 %1。</translation>
    </message>
    <message>
        <source>Salvage every readable row of a damaged data set into a new data set OUT, and report per table what was recovered and what was lost. DB is only read.</source>
        <translation>把损坏数据集中所有可读取的行抢救到新的数据集 OUT，并按表报告恢复了什么、丢失了什么。只读取 DB。</translation>
    </message>
    <message>
        <source>The damaged data set.</source>
        <translation>损坏的数据集。</translation>
    </message>
    <message>
        <source>The new data set to write.</source>
        <translation>要写入的新数据集。</translation>
    </message>
    <message>
        <source>Salvaged %1 into %2.</source>
        <translation>已将 %1 抢救到 %2。</translation>
    </message>
    <message>
        <source>The instrument whose turn-level dimensions are compared (default: the data set&apos;s primary instrument).</source>
        <translation>要比较其轮次级维度的量表（默认：数据集的主量表）。</translation>
    </message>
    <message>
        <source>What the bootstrap resamples: participant (default), conversation, or none (single pairs; too narrow when a person&apos;s ratings hang together).</source>
        <translation>自助法重抽样的单位：participant（默认）、conversation 或 none（单个配对；当同一个人的评分彼此相关时区间过窄）。</translation>
    </message>
    <message>
        <source>Instrument “%1” rates only whole conversations; this compares turn ratings.</source>
        <translation>量表“%1”只对整个对话评分；此处比较的是轮次评分。</translation>
    </message>
    <message>
        <source>--cluster needs participant, conversation or none, not “%1”.</source>
        <translation>--cluster 需要 participant、conversation 或 none，而不是“%1”。</translation>
    </message>
    <message>
        <source>one-sided NA</source>
        <translation>单方 NA</translation>
    </message>
    <message>
        <source>acc. w/ NA</source>
        <translation>准确率（含 NA）</translation>
    </message>
    <message>
        <source>No bootstrap intervals.</source>
        <translation>无自助法区间。</translation>
    </message>
    <message>
        <source>95% intervals: %1 bootstrap resamples of single pairs (no clusters).</source>
        <translation>95% 区间：对单个配对进行 %1 次自助法重抽样（无聚类）。</translation>
    </message>
    <message>
        <source>Nothing to compare on instrument “%1” in %2: the participants&apos; own ratings (self) have %3 rated cells, model “%4” has %5, and they share none.</source>
        <translation>在 %2 中，量表“%1”上没有可比较的内容：参与者本人的评分（self）有 %3 个已评分单元格，模型“%4”有 %5 个，二者没有共同的单元格。</translation>
    </message>
    <message>
        <source>Nothing to compare on instrument “%1” in %2: the participants&apos; own ratings (self) have %3 rated cells, with %4 blind re-ratings and %5 observer ratings of the same turns (%6 observers), and too few participants to compare them with one another.</source>
        <translation>在 %2 中，量表“%1”上没有可比较的内容：参与者本人的评分（self）有 %3 个已评分单元格，同一批轮次上有 %4 个盲法重新评分和 %5 个观察者评分（%6 位观察者），但参与者太少，无法对它们进行相互比较。</translation>
    </message>
    <message>
        <source>Compare a classifier&apos;s ratings (annotator kind &quot;model&quot;) with the participants&apos; own, per dimension: n, Spearman ρ, exact accuracy, mean absolute error and quadratic weighted κ on the dimension&apos;s scale, how often exactly one side said &quot;not applicable&quot;, with two floors computed on the same turns: the majority rating and each participant&apos;s own mean rating in their other conversations, and the model&apos;s difference from each floor with a clustered bootstrap interval.</source>
        <translation>按维度比较分类器的评分（评分者类型“model”）与参与者本人的评分：n、Spearman ρ、完全准确率、平均绝对误差以及基于该维度量表的二次加权 κ，恰有一方选择“不适用”的频率；并在相同轮次上计算两个基线——多数评分，以及每位参与者在其他对话中的本人平均评分——给出模型与各基线之差及其聚类自助法区间。</translation>
    </message>
    <message>
        <source>Model “%1” against the participants&apos; own ratings on “%2”</source>
        <translation>模型“%1”与参与者本人在“%2”上的评分对比</translation>
    </message>
    <message>
        <source>κ is on each dimension&apos;s full scale; “one-sided NA” counts replies where exactly one side said “not applicable”, which “acc. w/ NA” counts as disagreements.</source>
        <translation>κ 基于每个维度的完整量表；“单方 NA”统计恰有一方选择“不适用”的回复，“准确率（含 NA）”将这些回复计为不一致。</translation>
    </message>
    <message>
        <source>mean ρ, Fisher z</source>
        <translation>平均 ρ，Fisher z</translation>
    </message>
    <message>
        <source>(weighted by n − 3: %1)</source>
        <translation>（按 n − 3 加权：%1）</translation>
    </message>
    <message>
        <source>own mean</source>
        <translation>自身均值</translation>
    </message>
    <message>
        <source>Own mean: the participant&apos;s mean rating in their other conversations.</source>
        <translation>自身均值：参与者在其他对话中的平均评分。</translation>
    </message>
    <message>
        <source>%1 turn(s) of participants with a single conversation use the majority rating instead.</source>
        <translation>只有一个对话的参与者的 %1 个轮次改用多数评分。</translation>
    </message>
    <message>
        <source>Model minus floor, with 95% intervals:</source>
        <translation>模型减基线，附 95% 区间：</translation>
    </message>
    <message>
        <source>Δρ own mean</source>
        <translation>Δρ 自身均值</translation>
    </message>
    <message>
        <source>Δaccuracy majority</source>
        <translation>Δ准确率 多数</translation>
    </message>
    <message>
        <source>Δaccuracy own mean</source>
        <translation>Δ准确率 自身均值</translation>
    </message>
    <message>
        <source>Reliability per dimension: participants against their own blind re-ratings (test–retest), self against observers (pooled, each observer, and their mean) and observers among themselves (Krippendorff&apos;s α, ordinal; ICC(2,1) and ICC(3,1)), and the share of rating variance that lies between participants.</source>
        <translation>按维度的信度：参与者与其本人的盲法重新评分对比（重测），本人与观察者对比（合并、每位观察者及其均值），观察者之间对比（Krippendorff&apos;s α，有序；ICC(2,1) 和 ICC(3,1)），以及评分方差中位于参与者之间的比例。</translation>
    </message>
    <message>
        <source>Self against the observers&apos; mean (n = turns; ρ and MAE only)</source>
        <translation>自评与观察者均值的比较（n = 轮次数；仅 ρ 和 MAE）</translation>
    </message>
    <message>
        <source>Intraclass correlations on the turns every rater of the group rated (n):</source>
        <translation>在该组每位评分者都评过的轮次上的组内相关系数 (n)：</translation>
    </message>
    <message>
        <source>test–retest</source>
        <translation>重测</translation>
    </message>
    <message>
        <source>self + observers</source>
        <translation>自评 + 观察者</translation>
    </message>
    <message>
        <source>observers</source>
        <translation>观察者</translation>
    </message>
    <message>
        <source>ICC(2,1)</source>
        <translation>ICC(2,1)</translation>
    </message>
    <message>
        <source>ICC(3,1)</source>
        <translation>ICC(3,1)</translation>
    </message>
    <message>
        <source>Ask a model behind an OpenAI-compatible chat-completions endpoint (llama.cpp, Ollama, vLLM or a hosted service) to rate every reply on the turn-level dimensions of the data set&apos;s primary instrument (or --instrument). The answers are stored as annotator kind &quot;model&quot; named after the model. Turns whose prompt was answered before are not sent again. The API key is read from an environment variable and never stored.</source>
        <translation>让兼容 OpenAI 的 chat-completions 端点（llama.cpp、Ollama、vLLM 或托管服务）背后的模型，按数据集主量表（或 --instrument 指定的量表）中轮次级的维度为每条回复评分。回答以标注者类型“model”保存，并以模型名称命名。提示此前已得到回答的轮次不会再次发送。API 密钥从环境变量读取，绝不保存。</translation>
    </message>
    <message>
        <source>The instrument to rate with (default: the data set&apos;s primary instrument).</source>
        <translation>用于评分的量表（默认：数据集的主量表）。</translation>
    </message>
    <message>
        <source>The study protocol: a protocol file, or a shipped one (%1).</source>
        <translation>研究协议：协议文件，或内置协议之一（%1）。</translation>
    </message>
    <message>
        <source>--demo needs the SENSE-7 instrument, which the protocol &quot;%1&quot; does not have.</source>
        <translation>--demo 需要 SENSE-7 量表，而协议“%1”中没有该量表。</translation>
    </message>
    <message>
        <source>Created %1 under the protocol %2 (%3): %4 participants, %5 conversations, %6 ratings.</source>
        <translation>已按协议 %2（%3）创建 %1：%4 名参与者，%5 个对话，%6 条评分。</translation>
    </message>
    <message>
        <source>Protocol:          %1 (version %2, fingerprint %3)</source>
        <translation>协议：             %1（版本 %2，指纹 %3）</translation>
    </message>
    <message>
        <source>Instrument:        %1 (%2 %3)</source>
        <translation>量表：             %1（%2 %3）</translation>
    </message>
    <message>
        <source>, the primary instrument</source>
        <translation>，主量表</translation>
    </message>
    <message>
        <source>turns, %1–%2: %3</source>
        <translation>轮次，%1–%2：%3</translation>
    </message>
    <message>
        <source>conversations, %1–%2: %3</source>
        <translation>对话，%1–%2：%3</translation>
    </message>
    <message>
        <source>JSON Lines corpora: which field holds what, KEY=FIELD, repeatable. Keys: %1.</source>
        <translation>JSON Lines 语料：指定各字段存放的内容，格式为 KEY=FIELD，可重复。键：%1。</translation>
    </message>
    <message>
        <source>The dimension (INSTRUMENT/DIMENSION) that the mapped per-turn score rates, as the participant&apos;s own rating.</source>
        <translation>映射的逐轮得分所评价的维度（INSTRUMENT/DIMENSION），作为参与者本人的评分。</translation>
    </message>
    <message>
        <source>Gemini activity: a pause of more than MINUTES starts a new conversation (default 30).</source>
        <translation>Gemini 活动记录：停顿超过 MINUTES 分钟即开始新的对话（默认 30）。</translation>
    </message>
    <message>
        <source>Pasted transcripts: a speaker name and the role it stands for, NAME=ROLE (user, assistant or system), repeatable.</source>
        <translation>粘贴的对话记录：说话人名称及其代表的角色，格式为 NAME=ROLE（user、assistant 或 system），可重复。</translation>
    </message>
    <message>
        <source>sense7 import: --map takes KEY=FIELD with KEY one of %1, not &quot;%2&quot;.</source>
        <translation>sense7 import：--map 的参数为 KEY=FIELD，其中 KEY 须为 %1 之一，而不是“%2”。</translation>
    </message>
    <message>
        <source>sense7 import: --gap takes a number of minutes, not &quot;%1&quot;.</source>
        <translation>sense7 import：--gap 的参数为分钟数，而不是“%1”。</translation>
    </message>
    <message>
        <source>sense7 import: --speaker takes NAME=ROLE with ROLE user, assistant or system, not &quot;%1&quot;.</source>
        <translation>sense7 import：--speaker 的参数为 NAME=ROLE，其中 ROLE 为 user、assistant 或 system，而不是“%1”。</translation>
    </message>
    <message>
        <source>mixed models: variance by participant and conversation, ICCs</source>
        <translation>混合模型：按参与者和对话分解的方差、ICC</translation>
    </message>
    <message>
        <source>check a protocol file, or show a data set&apos;s protocol</source>
        <translation>检查协议文件，或显示数据集的协议</translation>
    </message>
    <message>
        <source>Export a data set, or the part the filters select: a tidy CSV with one row per rating (and beside it a table of every turn, one of the participants and a codebook), JSON Lines with one conversation a line, or a Sense-7 bundle that `sense7 import` reads back.</source>
        <translation>导出数据集或筛选条件选中的部分：整洁 CSV，每条评分一行（旁边另附所有轮次的表、参与者表和编码手册）；JSON Lines，每行一个对话；或可由 `sense7 import` 读回的 Sense-7 数据包。</translation>
    </message>
    <message>
        <source>Draw the aggregate charts of the conversations the filters select (distribution, trajectory, assistants, participants, around breaks, correlations, by context) as publication figures, each with a JSON sidecar naming the filters, the data hash and the program version. With --conversation, draw those conversations&apos; trajectories instead. A chart that cannot be drawn (a correlation matrix of one dimension, no flagged breaks, no ratings) is skipped with a message; the exit code is 0 when at least one figure was drawn, 1 when none could be.</source>
        <translation>将筛选条件选中的对话的汇总图表（分布、轨迹、助手、参与者、中断前后、相关、按情境）绘制为出版用图表，每张图表附带一个 JSON 附属文件，记录筛选条件、数据哈希和程序版本。使用 --conversation 时，改为绘制这些对话的轨迹。无法绘制的图表（只有一个维度的相关矩阵、没有标记的中断、没有评分）会被跳过并给出消息；至少绘制了一张图表时退出码为 0，一张也无法绘制时为 1。</translation>
    </message>
    <message>
        <source>The instrument whose ratings are drawn (default: the protocol&apos;s primary one).</source>
        <translation>要绘制其评分的量表（默认：协议的主量表）。</translation>
    </message>
    <message>
        <source>The units of the means&apos; 95% intervals: participant (default), conversation, or none (every rating on its own).</source>
        <translation>均值 95% 区间的抽样单位：participant（默认）、conversation 或 none（每条评分各自独立）。</translation>
    </message>
    <message>
        <source>--cluster must be participant, conversation or none, not &quot;%1&quot;.</source>
        <translation>--cluster 必须是 participant、conversation 或 none，而不是“%1”。</translation>
    </message>
    <message>
        <source>--instrument: %1 has no instrument &quot;%2&quot;; it has: %3.</source>
        <translation>--instrument：%1 中没有量表“%2”；现有量表：%3。</translation>
    </message>
    <message>
        <source>--group-by: no conversation in %1 has a context field &quot;%2&quot;; they have no context fields.</source>
        <translation>--group-by：%1 中没有任何对话具有情境字段“%2”；这些对话没有任何情境字段。</translation>
    </message>
    <message>
        <source>--group-by: no conversation in %1 has a context field &quot;%2&quot;; the fields are: %3.</source>
        <translation>--group-by：%1 中没有任何对话具有情境字段“%2”；现有字段为：%3。</translation>
    </message>
    <message>
        <source>Skipped conversation %1: %2.</source>
        <translation>已跳过对话 %1：%2。</translation>
    </message>
    <message>
        <source>the instrument %1 has no reply-level dimensions</source>
        <translation>量表 %1 没有回复级维度</translation>
    </message>
    <message>
        <source>it has no assistant reply</source>
        <translation>它没有助手回复</translation>
    </message>
    <message>
        <source>Skipped %1 (%2): %3.</source>
        <translation>已跳过 %1（%2）：%3。</translation>
    </message>
    <message>
        <source>Kruskal–Wallis test across the groups of %1:</source>
        <translation>%1 各组间的 Kruskal–Wallis 检验：</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n file(s) to %1</source>
        <translation>
            <numerusform>已将 %n 个文件写入 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chart(s) drawn</source>
        <translation>
            <numerusform>已绘制 %n 张图表</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skipped.</source>
        <translation>
            <numerusform>跳过 %n 张。</numerusform>
        </translation>
    </message>
    <message>
        <source>The data set has other instruments too: %1 (choose one with --instrument).</source>
        <translation>数据集中还有其他量表：%1（可用 --instrument 选择）。</translation>
    </message>
    <message>
        <source>Only conversations whose context field KEY is VALUE, any key of the conversations&apos; context (an importer&apos;s too), e.g. emotion_type=anxiety; repeat for more, a key&apos;s values are alternatives.</source>
        <translation>只包括情境字段 KEY 为 VALUE 的对话，KEY 可以是对话情境中的任一键（包括导入器存储的键），例如 emotion_type=anxiety；可重复，同一键的多个值之间为“或”的关系。</translation>
    </message>
    <message>
        <source>--context %1 is not KEY=VALUE, e.g. emotion_type=anxiety.</source>
        <translation>--context %1 不是 KEY=VALUE 格式，例如 emotion_type=anxiety。</translation>
    </message>
    <message>
        <source>--context %1: no conversation in %2 has a context field &quot;%3&quot;; the fields are: %4.</source>
        <translation>--context %1：%2 中没有任何对话具有情境字段“%3”；现有字段为：%4。</translation>
    </message>
    <message>
        <source>--range %1: &quot;%2&quot; is a dimension of %3; write INSTRUMENT/%2, e.g. %4/%2.</source>
        <translation>--range %1：“%2”是 %3 的维度；请写作 INSTRUMENT/%2，例如 %4/%2。</translation>
    </message>
    <message>
        <source>not fitted: %1</source>
        <translation>未拟合：%1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>(intercept)</source>
        <translation>（截距）</translation>
    </message>
    <message>
        <source>Linear mixed models of the participants&apos; own ratings, per turn-level dimension, fitted by REML: value ~ 1 + (1 | participant) + (1 | participant:conversation), and the same with the assistant as a fixed effect (the first alphabetically as the reference). Prints the variance components, the intraclass correlations of ratings by the same participant and of the same conversation, the fixed effects with standard errors, the REML criterion and whether the fit is singular (a variance component at zero).</source>
        <translation>对参与者本人的评分按每个轮次级维度拟合线性混合模型，采用 REML 估计：value ~ 1 + (1 | participant) + (1 | participant:conversation)，以及将助手作为固定效应的同一模型（以按字母顺序排在第一的助手为参照）。输出方差分量、同一参与者评分和同一对话评分的组内相关系数、带标准误的固定效应、REML 准则，以及是否为奇异拟合（某个方差分量为零）。</translation>
    </message>
    <message>
        <source>Only this dimension (its key).</source>
        <translation>只包括此维度（使用其键）。</translation>
    </message>
    <message>
        <source>No participants&apos; own ratings to model on “%1” in %2.</source>
        <translation>%2 中没有可用于对“%1”建模的参与者本人评分。</translation>
    </message>
    <message>
        <source>Linear mixed models (REML) of the participants&apos; own ratings: variance (SD) by level, intraclass correlations, REML criterion</source>
        <translation>参与者本人评分的线性混合模型（REML）：各层级的方差（SD）、组内相关系数、REML 准则</translation>
    </message>
    <message>
        <source>%1: %2 ratings, %3 participants, %4 conversations</source>
        <translation>%1：%2 条评分，%3 名参与者，%4 个对话</translation>
    </message>
    <message>
        <source>fixed part</source>
        <translation>固定部分</translation>
    </message>
    <message>
        <source>participant</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>residual</source>
        <translation>残差</translation>
    </message>
    <message>
        <source>ICC part.</source>
        <translation>ICC 参与者</translation>
    </message>
    <message>
        <source>ICC conv.</source>
        <translation>ICC 对话</translation>
    </message>
    <message>
        <source>REML crit.</source>
        <translation>REML 准则</translation>
    </message>
    <message>
        <source>singular</source>
        <translation>奇异</translation>
    </message>
    <message>
        <source>intercept only</source>
        <translation>仅截距</translation>
    </message>
    <message>
        <source>+ assistant</source>
        <translation>+ 助手</translation>
    </message>
    <message>
        <source>Fixed effects, intercept only (estimate ± SE):</source>
        <translation>固定效应，仅截距（估计值 ± SE）：</translation>
    </message>
    <message>
        <source>Fixed effects with the assistant (against “%1”):</source>
        <translation>含助手的固定效应（以“%1”为参照）：</translation>
    </message>
    <message numerus="yes">
        <source>Instrument %1 (%2, version %3): %n dimension(s)</source>
        <translation>
            <numerusform>量表 %1（%2，版本 %3）：%n 个维度</numerusform>
        </translation>
    </message>
    <message>
        <source>rates %1</source>
        <translation>评价 %1</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>no &quot;not applicable&quot;</source>
        <translation>无“不适用”</translation>
    </message>
    <message>
        <source>, required</source>
        <translation>，必填</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Study:        %1 (%2, version %3)</source>
        <translation>研究：        %1（%2，版本 %3）</translation>
    </message>
    <message>
        <source>Fingerprint:  %1</source>
        <translation>指纹：        %1</translation>
    </message>
    <message>
        <source>Context form:</source>
        <translation>情境表单：</translation>
    </message>
    <message>
        <source>Profile form:</source>
        <translation>个人资料表单：</translation>
    </message>
    <message>
        <source>Sharing:      %1</source>
        <translation>分享：        %1</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>已启用</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>已禁用</translation>
    </message>
    <message>
        <source>Consent:      %1</source>
        <translation>知情同意：    %1</translation>
    </message>
    <message>
        <source>Re-rating:    %1</source>
        <translation>重复评分：    %1</translation>
    </message>
    <message>
        <source>%1% of rated replies after every %2 conversations</source>
        <translation>每 %2 个对话后重评 %1% 的已评分回复</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Order:        %1</source>
        <translation>维度顺序：    %1</translation>
    </message>
    <message>
        <source>random per reply (seed %1)</source>
        <translation>每条回复随机（种子 %1）</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>Check a study protocol file: exit code 0 and a summary when it is valid, 1 and the file, line and column of the first problem when it is not.</source>
        <translation>检查研究协议文件：有效时退出码为 0 并显示摘要；无效时退出码为 1，并显示第一个问题所在的文件、行和列。</translation>
    </message>
    <message>
        <source>The protocol file (JSON).</source>
        <translation>协议文件（JSON）。</translation>
    </message>
    <message>
        <source>%1 is a valid protocol.</source>
        <translation>%1 是有效的协议。</translation>
    </message>
    <message>
        <source>Study protocols. `sense7 protocol check FILE` checks a protocol file; `sense7 protocol show DB [--json]` shows a data set&apos;s protocol. The shipped protocols: %1.</source>
        <translation>研究协议。`sense7 protocol check FILE` 检查协议文件；`sense7 protocol show DB [--json]` 显示数据集的协议。内置协议：%1。</translation>
    </message>
    <message>
        <source>What to do.</source>
        <translation>要执行的操作。</translation>
    </message>
    <message>
        <source>95% intervals: %1 bootstrap resamples of whole participants (none from a single one).</source>
        <translation>95% 区间：对整名参与者进行 %1 次自助法重抽样（仅一名时不给出）。</translation>
    </message>
    <message>
        <source>95% intervals: %1 bootstrap resamples of whole conversations (none from a single one).</source>
        <translation>95% 区间：对整个对话进行 %1 次自助法重抽样（仅一个时不给出）。</translation>
    </message>
    <message numerus="yes">
        <source>Self against observers, pooled (%n observer(s); n = pairs, a turn once per observer)</source>
        <translation>
            <numerusform>本人与观察者对比，合并（%n 名观察者；n = 配对数，每名观察者每个轮次计一次）</numerusform>
        </translation>
    </message>
    <message>
        <source>Self against observer “%1” (n = turns)</source>
        <translation>本人与观察者“%1”对比（n = 轮次数）</translation>
    </message>
    <message>
        <source>between conversations</source>
        <translation>对话之间</translation>
    </message>
    <message>
        <source>Singular (%1): the variance %2 is estimated at zero; the ratings show no sign of it.</source>
        <translation>奇异拟合（%1）：方差 %2 估计为零；评分中没有显示出这一层级的变异。</translation>
    </message>
    <message>
        <source>Singular (%1): the variances %2 are estimated at zero; the ratings show no sign of them.</source>
        <translation>奇异拟合（%1）：方差 %2 估计为零；评分中没有显示出这些层级的变异。</translation>
    </message>
    <message>
        <source> and </source>
        <translation> 和 </translation>
    </message>
    <message>
        <source>condition: also compare within each condition of a live study (the conversations held with it); none: only overall; auto (default): condition when the data set has live conversations.</source>
        <translation>condition：还在实时研究的每个条件内部进行比较（与该条件进行的对话）；none：仅比较总体；auto（默认）：数据集中有实时对话时按 condition。</translation>
    </message>
    <message>
        <source>--by must be condition, none or auto, not “%1”.</source>
        <translation>--by 必须是 condition、none 或 auto，而不是“%1”。</translation>
    </message>
    <message>
        <source>--by condition: no conversation in %1 is a live one held with a condition.</source>
        <translation>--by condition：%1 中没有任何对话是与某个条件进行的实时对话。</translation>
    </message>
    <message>
        <source>By condition (means over dimensions; each on the conversations held with it):</source>
        <translation>按条件（各维度均值；每个条件基于与其进行的对话）：</translation>
    </message>
    <message>
        <source>condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>Conversation %1 was imported, not held live; it cannot be continued.</source>
        <translation>对话 %1 是导入的，并非实时进行；无法继续。</translation>
    </message>
    <message>
        <source>Conversation %1 is held with the condition “%2”, not “%3”.</source>
        <translation>对话 %1 是与条件“%2”进行的，而不是“%3”。</translation>
    </message>
    <message>
        <source>Resuming conversation %1 in session %2.</source>
        <translation>在第 %2 次会话中继续对话 %1。</translation>
    </message>
    <message>
        <source>Name the participant (--participant CODE) or the conversation to resume (--conversation ID).</source>
        <translation>请指定参与者（--participant CODE）或要继续的对话（--conversation ID）。</translation>
    </message>
    <message>
        <source>Added the participant %1.</source>
        <translation>已添加参与者 %1。</translation>
    </message>
    <message>
        <source>warning: %1 is assigned to %2, not to “%3”.</source>
        <translation>警告：%1 被分配到 %2，而不是“%3”。</translation>
    </message>
    <message>
        <source>Started conversation %1 with %2.</source>
        <translation>已开始与 %2 的对话 %1。</translation>
    </message>
    <message>
        <source>Hold a live conversation with one of the protocol&apos;s assistant conditions, as the studio does: each message is committed as a turn, the reply is printed as it streams and stored with its condition, model, latencies, token counts and finish reason. Without --conversation a new conversation is started for --participant (added when new); with it, that conversation is resumed in a new session. An endpoint&apos;s API key comes from the condition&apos;s environment variable, else SENSE7_API_KEY, and is never stored. When the protocol requires each reply&apos;s ratings before the next message, send one message at a time and rate in between.</source>
        <translation>像工作室中那样，与协议中的某个助手条件进行实时对话：每条消息都作为一个轮次提交，回复在流式传输时即被打印，并与其条件、模型、延迟、token 数和结束原因一起保存。不使用 --conversation 时，为 --participant 开始一个新对话（参与者为新参与者时会被添加）；使用时，则在新的会话中继续该对话。端点的 API 密钥来自该条件指定的环境变量，否则来自 SENSE7_API_KEY，且绝不保存。如果协议要求在发送下一条消息前先为每条回复评分，请一次只发送一条消息，并在两次发送之间评分。</translation>
    </message>
    <message>
        <source>The assistant condition to talk with.</source>
        <translation>要与之对话的助手条件。</translation>
    </message>
    <message>
        <source>The participant who talks (a new conversation).</source>
        <translation>进行对话的参与者（新对话）。</translation>
    </message>
    <message>
        <source>A live conversation to resume (id, source id or content hash).</source>
        <translation>要继续的实时对话（编号、来源编号或内容哈希）。</translation>
    </message>
    <message>
        <source>A message to send; repeat for more, sent in turn, each after the reply to the one before.</source>
        <translation>要发送的消息；可重复以发送多条，按顺序发送，每条都在上一条得到回复之后发送。</translation>
    </message>
    <message>
        <source>%1 cannot be written.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>The protocol of %1 has no assistant conditions.</source>
        <translation>%1 的协议没有助手条件。</translation>
    </message>
    <message>
        <source>The protocol of %1 has no condition “%2”; it has: %3.</source>
        <translation>%1 的协议中没有条件“%2”；它包含：%3。</translation>
    </message>
    <message numerus="yes">
        <source>%1: asking again in %n second(s).</source>
        <translation>
            <numerusform>%1：%n 秒后再次请求。</numerusform>
        </translation>
    </message>
    <message>
        <source>The message “%1” is empty.</source>
        <translation>消息“%1”为空。</translation>
    </message>
    <message>
        <source>sense7 chat: %1</source>
        <translation>sense7 chat：%1</translation>
    </message>
    <message>
        <source>join a study server (PostgreSQL) with a data set</source>
        <translation>使用数据集加入研究服务器（PostgreSQL）</translation>
    </message>
    <message>
        <source>send changes to the study server and take others&apos;</source>
        <translation>将更改发送到研究服务器，并接收其他人的更改</translation>
    </message>
    <message>
        <source>hold a live conversation with one of the protocol&apos;s assistants</source>
        <translation>与协议中的某个助手进行实时对话</translation>
    </message>
    <message>
        <source>pull a study server&apos;s data into a local data set</source>
        <translation>将研究服务器的数据拉取到本地数据集</translation>
    </message>
    <message>
        <source>run a study server (PostgreSQL): init, participants, status</source>
        <translation>运行研究服务器（PostgreSQL）：初始化、参与者、状态</translation>
    </message>
    <message>
        <source>The context field the &quot;by context&quot; chart groups by: any key of the conversations&apos; context, a form&apos;s or an importer&apos;s (default: the first choice of the context form the data answer), or &quot;condition&quot; for the condition live conversations were held with.</source>
        <translation>“按情境”图表用于分组的情境字段：对话情境中的任意键，来自表单或导入器（默认：数据所回答的情境表单中的第一个选择题），或者“condition”，表示实时对话所对应的条件。</translation>
    </message>
    <message>
        <source>What the assistants chart compares: condition (the conditions live conversations were held with; imported ones are one group), assistant (the assistants&apos; names), or auto (default: condition when a selected conversation carries one).</source>
        <translation>助手图表比较的对象：condition（实时对话所对应的条件；导入的对话归为一组）、assistant（助手的名称）或 auto（默认：所选对话带有条件时按 condition）。</translation>
    </message>
    <message>
        <source>--by must be condition, assistant or auto, not &quot;%1&quot;.</source>
        <translation>--by 必须是 condition、assistant 或 auto，而不是“%1”。</translation>
    </message>
    <message>
        <source>--group-by condition: no conversation in %1 is a live one held with a condition.</source>
        <translation>--group-by condition：%1 中没有任何对话是与某个条件进行的实时对话。</translation>
    </message>
    <message>
        <source>Only live conversations held with this condition of the study (its key; repeat for more).</source>
        <translation>仅包括与研究的此条件进行的实时对话（条件的键；可重复指定多个）。</translation>
    </message>
    <message>
        <source>--condition %1: no conversation in %2 was held with it; the conditions are: %3.</source>
        <translation>--condition %1：%2 中没有任何对话是与该条件进行的；现有条件为：%3。</translation>
    </message>
    <message>
        <source>Pull a study server&apos;s data into a local data set: everything the first time, then only what changed. The data set is created under the server&apos;s protocol when it does not exist. A participant who withdrew disappears from it. The password comes from the URL, SENSE7_SERVER_PASSWORD, PGPASSWORD or ~/.pgpass.</source>
        <translation>将研究服务器的数据拉取到本地数据集：第一次拉取全部内容，之后只拉取变更的内容。数据集不存在时，会按服务器的协议创建。已退出研究的参与者会从数据集中消失。密码来自 URL、SENSE7_SERVER_PASSWORD、PGPASSWORD 或 ~/.pgpass。</translation>
    </message>
    <message>
        <source>The study server: postgresql://USER@HOST:PORT/DATABASE.</source>
        <translation>研究服务器：postgresql://USER@HOST:PORT/DATABASE。</translation>
    </message>
    <message>
        <source>The local data set to pull into.</source>
        <translation>要拉取到的本地数据集。</translation>
    </message>
    <message>
        <source>Print what was pulled as JSON.</source>
        <translation>以 JSON 格式输出拉取的内容。</translation>
    </message>
    <message>
        <source>No progress on standard error.</source>
        <translation>不在标准错误输出中显示进度。</translation>
    </message>
    <message>
        <source><byte value="xd"/>%1 of %2 conversations (%3%)</source>
        <translation><byte value="xd"/>%2 个对话中的 %1 个（%3%）</translation>
    </message>
    <message>
        <source>The study&apos;s database, e.g. postgresql://researcher@db.example.org/study. The password may be in the URL, in PGPASSWORD or in ~/.pgpass.</source>
        <translation>研究的数据库，例如 postgresql://researcher@db.example.org/study。密码可以放在 URL、PGPASSWORD 或 ~/.pgpass 中。</translation>
    </message>
    <message>
        <source>TLS: disable, prefer (the default: TLS whenever the server offers it), require, verify-ca or verify-full.</source>
        <translation>TLS：disable、prefer（默认：只要服务器提供 TLS 就使用）、require、verify-ca 或 verify-full。</translation>
    </message>
    <message>
        <source>Give the researcher&apos;s password in the URL, in the environment variable PGPASSWORD or in ~/.pgpass.</source>
        <translation>请在 URL、环境变量 PGPASSWORD 或 ~/.pgpass 中提供研究者的密码。</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>Create a study on a PostgreSQL server: the schema sense7 with row-level security, the study&apos;s protocol, and the roles sense7_researcher (you) and sense7_participant. Done once per database; a database that holds a study already is refused.</source>
        <translation>在 PostgreSQL 服务器上创建研究：带行级安全的模式 sense7、研究的协议，以及角色 sense7_researcher（你）和 sense7_participant。每个数据库只需执行一次；已包含研究的数据库会被拒绝。</translation>
    </message>
    <message>
        <source>Created the study %1 (version %2, fingerprint %3) in the database &quot;%4&quot; on %5.</source>
        <translation>已在 %5 上的数据库“%4”中创建研究 %1（版本 %2，指纹 %3）。</translation>
    </message>
    <message>
        <source>Add participants with `sense7 server add-participant URL CODE`.</source>
        <translation>使用 `sense7 server add-participant URL CODE` 添加参与者。</translation>
    </message>
    <message>
        <source>Note: this connection is not encrypted (TLS); participants&apos; connections will be encrypted only if the server offers TLS.</source>
        <translation>注意：此连接未加密（TLS）；只有当服务器提供 TLS 时，参与者的连接才会加密。</translation>
    </message>
    <message>
        <source>Add a participant to the study: a login role of their own with a random password. Prints the credentials to hand out; the password is shown only this once.</source>
        <translation>向研究添加参与者：为其创建专属的登录角色，并设置随机密码。输出要分发的凭据；密码仅显示这一次。</translation>
    </message>
    <message>
        <source>The participant&apos;s code.</source>
        <translation>参与者的编号。</translation>
    </message>
    <message>
        <source>  Role:      %1</source>
        <translation>  角色：     %1</translation>
    </message>
    <message>
        <source>  Password:  %1</source>
        <translation>  密码：     %1</translation>
    </message>
    <message>
        <source>  URL:       %1</source>
        <translation>  URL：      %1</translation>
    </message>
    <message>
        <source>Hand these to the participant: `sense7 join DB URL` (the password when asked), or File ▸ Join study… in the studio. The password is not shown again.</source>
        <translation>请将这些信息交给参与者：`sense7 join DB URL`（按提示输入密码），或工作室中的“文件 ▸ 加入研究…”。密码不会再次显示。</translation>
    </message>
    <message>
        <source>Withdraw a participant: delete every row of theirs on the server (conversations, turns, ratings, flags, notes, the change log, their profile), journal it in sense7.withdrawal and remove their login. Their own data sets are not touched.</source>
        <translation>让参与者退出研究：删除其在服务器上的所有行（对话、轮次、评分、标记、备注、变更日志、其个人资料），在 sense7.withdrawal 中记录此次退出，并删除其登录。其本人的数据集不受影响。</translation>
    </message>
    <message>
        <source>Withdrew the participant %1: removed their %2 rows, journaled the withdrawal and removed their login.</source>
        <translation>参与者 %1 已退出研究：已删除其 %2 行数据，记录了此次退出，并删除了其登录。</translation>
    </message>
    <message>
        <source>Show the study on a server: its protocol and, per participant, machines, conversations, ratings and the last sync.</source>
        <translation>显示服务器上的研究：其协议，以及每位参与者的设备、对话、评分和最后一次同步。</translation>
    </message>
    <message>
        <source>Study %1 (version %2, fingerprint %3) in the database &quot;%4&quot; on %5%6</source>
        <translation>研究 %1（版本 %2，指纹 %3），位于 %5 上的数据库“%4”%6</translation>
    </message>
    <message>
        <source>, over TLS</source>
        <translation>，通过 TLS</translation>
    </message>
    <message>
        <source>Participant</source>
        <translation>参与者</translation>
    </message>
    <message>
        <source>Machines</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Ratings</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>Last sync</source>
        <translation>最后同步</translation>
    </message>
    <message>
        <source>withdrawn %1</source>
        <translation>已于 %1 退出</translation>
    </message>
    <message>
        <source>Participants: %1 (%2 withdrawn); conversations: %3; ratings: %4.</source>
        <translation>参与者：%1（%2 人已退出）；对话：%3；评分：%4。</translation>
    </message>
    <message>
        <source>No password for the study server: set SENSE7_SERVER_PASSWORD.</source>
        <translation>没有研究服务器的密码：请设置 SENSE7_SERVER_PASSWORD。</translation>
    </message>
    <message>
        <source>Password for %1: </source>
        <translation>%1 的密码： </translation>
    </message>
    <message>
        <source>Join a study server: the data set takes the study&apos;s protocol and from then on sends its changes with sense7 sync. Shows what will be shared and asks for consent. The password comes from SENSE7_SERVER_PASSWORD, the URL or a prompt, and is never written to the data set.</source>
        <translation>加入研究服务器：数据集采用研究的协议，此后通过 sense7 sync 发送其更改。会显示将要分享的内容并征求同意。密码来自 SENSE7_SERVER_PASSWORD、URL 或提示输入，绝不写入数据集。</translation>
    </message>
    <message>
        <source>The study server: postgresql://LOGIN@HOST:PORT/DATABASE.</source>
        <translation>研究服务器：postgresql://LOGIN@HOST:PORT/DATABASE。</translation>
    </message>
    <message>
        <source>What conversations share: full (all text), redacted (e-mail addresses, phone numbers, web and IP addresses removed) or ratings (no text). Default: redacted.</source>
        <translation>对话分享的内容：full（全部文本）、redacted（移除电子邮件地址、电话号码、网址和 IP 地址）或 ratings（不含文本）。默认：redacted。</translation>
    </message>
    <message>
        <source>Consent without asking (for scripts).</source>
        <translation>不经询问直接同意（用于脚本）。</translation>
    </message>
    <message>
        <source>--sharing must be full, redacted or ratings, not &quot;%1&quot;.</source>
        <translation>--sharing 必须是 full、redacted 或 ratings，而不是“%1”。</translation>
    </message>
    <message>
        <source>Study server %1, protocol %2, participant %3.</source>
        <translation>研究服务器 %1，协议 %2，参与者 %3。</translation>
    </message>
    <message>
        <source>sense7 join: consent is needed: run it in a terminal, or pass --yes.</source>
        <translation>sense7 join：需要同意：请在终端中运行，或传入 --yes。</translation>
    </message>
    <message>
        <source>Share as described? [y/N] </source>
        <translation>按上述方式分享？[y/N] </translation>
    </message>
    <message>
        <source>Not joined; nothing was changed.</source>
        <translation>未加入；没有做任何更改。</translation>
    </message>
    <message>
        <source>Joined as participant %1 (machine %2, sharing %3). Run sense7 sync %4 to send your data.</source>
        <translation>已作为参与者 %1 加入（设备 %2，分享方式 %3）。运行 sense7 sync %4 以发送你的数据。</translation>
    </message>
    <message>
        <source>sense7 join: %1</source>
        <translation>sense7 join：%1</translation>
    </message>
    <message>
        <source>One round of sync with the study server the data set joined: sends every change not yet sent, then takes what the participant&apos;s other machines sent. Exit code 1 when the server cannot be reached; the changes wait and nothing is lost.</source>
        <translation>与数据集所加入的研究服务器进行一轮同步：发送所有尚未发送的更改，然后接收该参与者其他设备发送的内容。无法连接服务器时退出码为 1；更改会继续等待，不会丢失任何内容。</translation>
    </message>
    <message>
        <source>Changes per server transaction (default 300).</source>
        <translation>每个服务器事务包含的更改数（默认 300）。</translation>
    </message>
    <message>
        <source>%1 has not joined a study server: run sense7 join first.</source>
        <translation>%1 尚未加入研究服务器：请先运行 sense7 join。</translation>
    </message>
    <message>
        <source>--batch must be a positive whole number.</source>
        <translation>--batch 必须是正整数。</translation>
    </message>
    <message>
        <source>Pushed %1, pulled %2, conflicts %3.</source>
        <translation>已推送 %1，已拉取 %2，冲突 %3。</translation>
    </message>
    <message>
        <source>sense7 sync: offline, %1 change(s) waiting: %2</source>
        <translation>sense7 sync：离线，%1 项更改等待中：%2</translation>
    </message>
    <message>
        <source>sense7 sync: %1 change(s) waiting: %2</source>
        <translation>sense7 sync：%1 项更改等待中：%2</translation>
    </message>
    <message>
        <source>sense7 sync: %1</source>
        <translation>sense7 sync：%1</translation>
    </message>
    <message>
        <source>Create a new, empty data set under a study protocol (SENSE-7 unless --protocol says otherwise; with --demo, the demo&apos;s sense7_live).</source>
        <translation>在研究协议下新建一个空数据集（除非 --protocol 另行指定，否则为 SENSE-7；使用 --demo 时为演示的 sense7_live）。</translation>
    </message>
    <message>
        <source>Live:         no assistant conditions</source>
        <translation>实时：        无助手条件</translation>
    </message>
    <message>
        <source>Live:         %1 conditions, %2 (seed %3), %4, rating %5%6</source>
        <translation>实时：        %1 个条件，%2（种子 %3），%4，评分：%5%6</translation>
    </message>
    <message>
        <source>within participants</source>
        <translation>参与者内</translation>
    </message>
    <message>
        <source>blinded</source>
        <translation>盲法</translation>
    </message>
    <message>
        <source>not blinded</source>
        <translation>非盲法</translation>
    </message>
    <message>
        <source>after each reply</source>
        <translation>每条回复之后</translation>
    </message>
    <message>
        <source>at the end</source>
        <translation>结束时</translation>
    </message>
    <message>
        <source>scripted: %1 replies and a fallback, a piece every %2 ms</source>
        <translation>脚本化：%1 条回复和一条备用回复，每 %2 ms 输出一段</translation>
    </message>
    <message>
        <source>endpoint: %1, model %2</source>
        <translation>端点：%1，模型 %2</translation>
    </message>
    <message>
        <source>Assignments:  %1 of %2 participants assigned</source>
        <translation>分配：        %2 位参与者中已分配 %1 位</translation>
    </message>
    <message>
        <source>%1 (position %2)</source>
        <translation>%1（位置 %2）</translation>
    </message>
    <message>
        <source>not assigned yet</source>
        <translation>尚未分配</translation>
    </message>
    <message>
        <source>Show the study protocol a data set was made under: its instruments, dimensions with scales and levels, forms, consent text, fingerprint, live conditions and each participant&apos;s assignment to them.</source>
        <translation>显示数据集创建时所依据的研究协议：其量表、各维度及其量表和等级、表单、知情同意文本、指纹、实时条件，以及每位参与者对这些条件的分配。</translation>
    </message>
    <message>
        <source>  Condition: %1</source>
        <translation>  条件：     %1</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>The study in the database &quot;%1&quot; on %2 has schema version %3 already; nothing to do.</source>
        <translation>%2 上数据库“%1”中的研究已是架构版本 %3；无需操作。</translation>
    </message>
    <message>
        <source>Upgraded the study in the database &quot;%1&quot; on %2 from schema version %3 to %4.</source>
        <translation>已将 %2 上数据库“%1”中的研究从架构版本 %3 升级到 %4。</translation>
    </message>
    <message>
        <source>Its schema is version %1; run `sense7 server upgrade URL` to bring it to %2, so that machines running an earlier Sense-7 Studio cannot replace a live conversation&apos;s turns.</source>
        <translation>其架构为版本 %1；请运行 `sense7 server upgrade URL` 升级到 %2，以免运行较早版本 Sense-7 Studio 的机器替换实时对话的轮次。</translation>
    </message>
    <message>
        <source>The study server (PostgreSQL). `sense7 server init URL --protocol FILE|KEY` creates a study; `sense7 server add-participant URL CODE` adds a participant and prints their credentials; `sense7 server withdraw URL CODE` removes a participant&apos;s data; `sense7 server status URL` shows who has sent what; `sense7 server upgrade URL` brings the study&apos;s schema to this version.</source>
        <translation>研究服务器（PostgreSQL）。`sense7 server init URL --protocol FILE|KEY` 创建研究；`sense7 server add-participant URL CODE` 添加参与者并输出其凭据；`sense7 server withdraw URL CODE` 删除参与者的数据；`sense7 server status URL` 显示谁发送了什么；`sense7 server upgrade URL` 将研究的架构升级到此版本。</translation>
    </message>
    <message>
        <source>init, add-participant, withdraw, status or upgrade.</source>
        <translation>init、add-participant、withdraw、status 或 upgrade。</translation>
    </message>
    <message>
        <source>Its schema is version %1, made by a later version of Sense-7 Studio than this one (which knows up to %2).</source>
        <translation>其架构为版本 %1，由比本版本更新的 Sense-7 Studio 创建（本版本最高支持 %2）。</translation>
    </message>
    <message>
        <source>Bring a study&apos;s schema on the server to this version of Sense-7 Studio, in one transaction; the data are kept. Version 2 keeps a live conversation&apos;s turns, its condition and its ended sittings from participants&apos; machines that run a version before data set format 12. Safe to run again.</source>
        <translation>在一个事务中将服务器上研究的架构升级到此版本的 Sense-7 Studio；数据保持不变。版本 2 防止参与者运行数据集格式 12 之前版本的机器改动实时对话的轮次、条件和已结束的会话段。可重复运行。</translation>
    </message>
    <message>
        <source>none of its replies is rated on %1</source>
        <translation>它的回复都没有按 %1 评分</translation>
    </message>
    <message>
        <source>--participant %1: %2 has no participant with this code; the participants are: %3.</source>
        <translation>--participant %1：%2 中没有这个代码的参与者；参与者有：%3。</translation>
    </message>
    <message>
        <source>--range %1: %2 is rated from %3 to %4; MIN and MAX lie within that.</source>
        <translation>--range %1：%2 的评分范围是 %3 到 %4；MIN 和 MAX 须在此范围内。</translation>
    </message>
    <message>
        <source>The instrument whose turn-level dimensions are modelled (default: the data set&apos;s primary instrument).</source>
        <translation>要建模其回合级维度的量表（默认：数据集的主量表）。</translation>
    </message>
    <message>
        <source>No model could be fitted on “%1” in %2 (the reasons are above).</source>
        <translation>无法在 %2 中为“%1”拟合任何模型（原因见上文）。</translation>
    </message>
    <message>
        <source>--agent %1: no conversation in %2 was held with this assistant; the assistants are: %3.</source>
        <translation>--agent %1：%2 中没有任何对话是与该助手进行的；现有助手为：%3。</translation>
    </message>
    <message>
        <source>“Between participants” is the one-way ICC(1) of the participants&apos; own ratings, an estimate:
below 0 where participants differ no more than their ratings vary within each. Read a value below 0 as none.</source>
        <translation>“参与者之间”是参与者本人评分的单向 ICC(1)，是一个估计值：
当参与者之间的差异不大于各自评分内部的波动时，它会低于 0。低于 0 的值应视为没有差异。</translation>
    </message>
</context>
<context>
    <name>sense7::continuity</name>
    <message>
        <source>The mean rating fell by %1 from the previous rated reply.</source>
        <translation>平均评分比上一条已评分回复下降了 %1。</translation>
    </message>
    <message>
        <source>The next message says “%1”.</source>
        <translation>下一条消息说“%1”。</translation>
    </message>
    <message>
        <source>The next message repeats the request of turn %1.</source>
        <translation>下一条消息重复了回合 %1 的请求。</translation>
    </message>
    <message numerus="yes">
        <source>The reply was regenerated (%n other version(s)).</source>
        <translation>
            <numerusform>该回复被重新生成过（另有 %n 个版本）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::exporter</name>
    <message>
        <source># Codebook</source>
        <translation># 编码手册</translation>
    </message>
    <message>
        <source>Written by Sense-7 Studio %1 on %2 from %3.</source>
        <translation>由 Sense-7 Studio %1 于 %2 根据 %3 写出。</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>The participant&apos;s code (a pseudonym).</source>
        <translation>参与者编号（化名）。</translation>
    </message>
    <message>
        <source>The conversation&apos;s content hash: a stable key that `sense7 import` accepts for ratings files.</source>
        <translation>对话的内容哈希：`sense7 import` 读取评分文件时接受的稳定键。</translation>
    </message>
    <message>
        <source>The assistant (model) that replied, as the export named it.</source>
        <translation>作答的助手（模型），沿用导出文件中的名称。</translation>
    </message>
    <message>
        <source>The turn&apos;s position in the conversation, from 0; empty for a rating of the whole conversation.</source>
        <translation>轮次在对话中的位置，从 0 开始；对整个对话的评分则为空。</translation>
    </message>
    <message>
        <source>Who wrote the turn: user, assistant, system or tool.</source>
        <translation>轮次的作者：user、assistant、system 或 tool。</translation>
    </message>
    <message>
        <source>The instrument the dimension belongs to.</source>
        <translation>维度所属的量表。</translation>
    </message>
    <message>
        <source>The rated dimension (see below).</source>
        <translation>被评分的维度（见下文）。</translation>
    </message>
    <message>
        <source>The rating on the dimension&apos;s scale; empty means &quot;not applicable&quot;.</source>
        <translation>该维度量尺上的评分；为空表示“不适用”。</translation>
    </message>
    <message>
        <source>Who rated: &quot;self&quot; for the participant, an observer&apos;s code or a model&apos;s name.</source>
        <translation>评分者：参与者本人为“self”，或观察者编号、模型名称。</translation>
    </message>
    <message>
        <source>self, observer or model.</source>
        <translation>self、observer 或 model。</translation>
    </message>
    <message>
        <source>1 when this rater marked a continuity break at this turn, else 0; empty for conversation ratings.</source>
        <translation>此评分者在该轮次标记了连续性断裂时为 1，否则为 0；对话评分则为空。</translation>
    </message>
    <message>
        <source>The reason given for the break: forgot_context, contradicted_itself, repeated_itself, ignored_instruction, lost_thread, technical_failure or other.</source>
        <translation>断裂的原因：forgot_context、contradicted_itself、repeated_itself、ignored_instruction、lost_thread、technical_failure 或 other。</translation>
    </message>
    <message>
        <source>Instrument %1 (`%2`, version %3)</source>
        <translation>量表 %1（`%2`，版本 %3）</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>量尺</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Anchors</source>
        <translation>锚点</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>答案</translation>
    </message>
    <message>
        <source>free text</source>
        <translation>自由文本</translation>
    </message>
    <message>
        <source>The export to %1 was cancelled; nothing was written.</source>
        <translation>导出到 %1 已取消；没有写入任何内容。</translation>
    </message>
    <message>
        <source>The data set has no conversation %1.</source>
        <translation>数据集中没有对话 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; as stored with the data (by the importer, not a question of the form)</source>
        <translation>%1：随数据存储的“%2”（由导入器存储，不是表单中的问题）</translation>
    </message>
    <message>
        <source>Form: %1</source>
        <translation>表单：%1</translation>
    </message>
    <message>
        <source>any of %1; the values chosen, separated by &quot;;&quot;</source>
        <translation>%1 中的任意项；所选的值，以“;”分隔</translation>
    </message>
    <message>
        <source>a date, yyyy-MM-dd</source>
        <translation>日期，yyyy-MM-dd</translation>
    </message>
    <message>
        <source>Three tables, UTF-8, comma-separated, RFC 4180 quoting: the ratings (one row per rating, in long format), the turns (one row per turn, rated or not) and the participants (one row each, with their profile).</source>
        <translation>三个表，UTF-8 编码，逗号分隔，按 RFC 4180 加引号：评分表（每条评分一行，长格式）、轮次表（每个轮次一行，无论是否已评分）和参与者表（每人一行，含其个人资料）。</translation>
    </message>
    <message>
        <source>## Ratings</source>
        <translation>## 评分</translation>
    </message>
    <message>
        <source>1 for a blind re-rating (the participant rating a reply again without seeing the first rating; annotator &quot;self-retest&quot;), else 0.</source>
        <translation>盲法重复评分（参与者在看不到第一次评分的情况下再次为回复评分；标注者为“self-retest”）时为 1，否则为 0。</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>情境</translation>
    </message>
    <message>
        <source>Turns (`*.turns.csv`)</source>
        <translation>轮次（`*.turns.csv`）</translation>
    </message>
    <message>
        <source>One row per turn of every conversation exported, rated or not; `conversation_id` and `turn_index` join it to the ratings.</source>
        <translation>所导出的每个对话的每个轮次各占一行，无论是否已评分；通过 `conversation_id` 和 `turn_index` 与评分表连接。</translation>
    </message>
    <message>
        <source>The participant&apos;s code.</source>
        <translation>参与者编号。</translation>
    </message>
    <message>
        <source>The conversation&apos;s content hash.</source>
        <translation>对话的内容哈希。</translation>
    </message>
    <message>
        <source>The assistant (model) that replied.</source>
        <translation>作出回复的助手（模型）。</translation>
    </message>
    <message>
        <source>The turn&apos;s position in the conversation, from 0.</source>
        <translation>该轮次在对话中的位置，从 0 开始。</translation>
    </message>
    <message>
        <source>The assistant reply&apos;s number, from 1; empty for other turns.</source>
        <translation>助手回复的序号，从 1 开始；其他轮次为空。</translation>
    </message>
    <message>
        <source>How many assistant replies the conversation has.</source>
        <translation>对话中助手回复的数量。</translation>
    </message>
    <message>
        <source>How many ratings the participant (&quot;self&quot;) gave the turn; 0: unrated.</source>
        <translation>参与者（“self”）对该轮次给出的评分数量；0：未评分。</translation>
    </message>
    <message>
        <source>The rules of break detection that fired on the reply, separated by &quot;;&quot;: %1.</source>
        <translation>在该回复上触发的中断检测规则，以“;”分隔：%1。</translation>
    </message>
    <message>
        <source>1 when the participant flagged a continuity break at this reply, else 0.</source>
        <translation>参与者在此回复处标记了连续性中断时为 1，否则为 0。</translation>
    </message>
    <message>
        <source>The reason the participant gave for the break (see break_reason above).</source>
        <translation>参与者给出的中断原因（见上文 break_reason）。</translation>
    </message>
    <message>
        <source>The turn_index of the turn the assistant lost (the one the break refers to); empty when none was named.</source>
        <translation>助手丢失的那个轮次（中断所指的轮次）的 turn_index；未指明时为空。</translation>
    </message>
    <message>
        <source>Participants (`*.participants.csv`)</source>
        <translation>参与者（`*.participants.csv`）</translation>
    </message>
    <message>
        <source>Their pseudonym in anonymised bundles (stable for the data set).</source>
        <translation>其在匿名化数据包中的化名（在同一数据集中保持不变）。</translation>
    </message>
    <message>
        <source>Their conversations in the export.</source>
        <translation>其在导出内容中的对话数。</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>个人资料</translation>
    </message>
    <message>
        <source>Where the dimension was shown, from 1, among its instrument&apos;s on that reply (or conversation): the study protocol&apos;s dimension order, randomised per reply when the protocol says so; empty when the instrument is not the protocol&apos;s.</source>
        <translation>该维度在此回复（或对话）中于其量表各维度里显示的位置（从 1 开始）：即研究协议的维度顺序，协议要求时按回复随机排列；量表不属于该协议时为空。</translation>
    </message>
    <message>
        <source>The key of the study condition (the assistant set-up of the protocol&apos;s &quot;live&quot; section) a live conversation was held with; empty for an imported conversation.</source>
        <translation>实时对话所对应的研究条件的键（协议“live”部分中的助手设置）；导入的对话为空。</translation>
    </message>
    <message>
        <source>The sitting of a live conversation the rated turn belongs to, from 1 (a conversation resumed later continues in session 2, 3…); empty for an imported conversation and for conversation ratings.</source>
        <translation>被评分轮次所属的实时对话会话编号，从 1 开始（对话之后被继续时，进入第 2、3…次会话）；导入的对话和对话级评分为空。</translation>
    </message>
    <message>
        <source>The key of the study condition a live conversation was held with; empty for an imported conversation.</source>
        <translation>实时对话所对应的研究条件的键；导入的对话为空。</translation>
    </message>
    <message>
        <source>The sitting of a live conversation the turn belongs to, from 1: each time the conversation is resumed a new session begins; empty for an imported conversation.</source>
        <translation>实时对话中该轮次所属的会话，从 1 开始：每次继续对话都会开始新的会话；导入的对话为空。</translation>
    </message>
</context>
<context>
    <name>sense7::import</name>
    <message>
        <source>%1: the annotator kind &quot;%2&quot; is not self, observer or model.</source>
        <translation>%1：标注者类型“%2”不是 self、observer 或 model。</translation>
    </message>
    <message>
        <source>%1: &quot;turn&quot; must be the index of one of the %2 turns.</source>
        <translation>%1：“turn”必须是这 %2 个回合之一的序号。</translation>
    </message>
    <message>
        <source>%1: not valid JSON at byte %2.</source>
        <translation>%1：在字节 %2 处不是有效的 JSON。</translation>
    </message>
    <message>
        <source>%1: this is not a Sense-7 bundle.</source>
        <translation>%1：这不是 Sense-7 数据包。</translation>
    </message>
    <message>
        <source>%1: bundle version %2 is not supported; this version reads version 1.</source>
        <translation>%1：不支持数据包版本 %2；本版本只能读取版本 1。</translation>
    </message>
    <message>
        <source>%1: instrument %2</source>
        <translation>%1：量表 %2</translation>
    </message>
    <message>
        <source>%1: it has no &quot;definition&quot;.</source>
        <translation>%1：缺少“definition”。</translation>
    </message>
    <message>
        <source>%1: a participant has no code.</source>
        <translation>%1：有参与者没有代号。</translation>
    </message>
    <message>
        <source>%1: it has no &quot;conversations&quot; list.</source>
        <translation>%1：缺少“conversations”列表。</translation>
    </message>
    <message>
        <source>conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>%1: it has no participant.</source>
        <translation>%1：没有参与者。</translation>
    </message>
    <message>
        <source>%1, turn %2</source>
        <translation>%1，第 %2 回合</translation>
    </message>
    <message>
        <source>%1: a turn needs a role (user, assistant, system or tool) and a text.</source>
        <translation>%1：回合需要角色（user、assistant、system 或 tool）和文本。</translation>
    </message>
    <message>
        <source>%1: it has no turns.</source>
        <translation>%1：没有回合。</translation>
    </message>
    <message>
        <source>%1: a rating value must be a whole number or null.</source>
        <translation>%1：评分值必须是整数或 null。</translation>
    </message>
    <message>
        <source>%1: %2 (%3) is not valid JSON: %4</source>
        <translation>%1：%2（%3）不是有效的 JSON：%4</translation>
    </message>
    <message>
        <source>%1: %2 (%3) is empty (null) and was skipped.</source>
        <translation>%1：%2（%3）为空（null），已跳过。</translation>
    </message>
    <message>
        <source>%1: it has no list of messages (&quot;chat_messages&quot;).</source>
        <translation>%1：缺少消息列表（“chat_messages”）。</translation>
    </message>
    <message>
        <source>%1: message %2 has sender &quot;%3&quot;; expected &quot;human&quot; or &quot;assistant&quot;.</source>
        <translation>%1：第 %2 条消息的发送者是“%3”；应为“human”或“assistant”。</translation>
    </message>
    <message>
        <source>%1 has no messages and was skipped.</source>
        <translation>%1 没有消息，已跳过。</translation>
    </message>
    <message>
        <source>%1: the file is empty.</source>
        <translation>%1：文件为空。</translation>
    </message>
    <message>
        <source>%1: line 1: the header has no &quot;%2&quot; column (found: %3).</source>
        <translation>%1：第 1 行：表头中没有“%2”列（现有：%3）。</translation>
    </message>
    <message>
        <source>%1: line %2</source>
        <translation>%1：第 %2 行</translation>
    </message>
    <message>
        <source>%1: %2 fields where the header has %3.</source>
        <translation>%1：有 %2 个字段，而表头有 %3 个。</translation>
    </message>
    <message>
        <source>%1: the conversation id is empty.</source>
        <translation>%1：对话 ID 为空。</translation>
    </message>
    <message>
        <source>%1: the role &quot;%2&quot; is not user, assistant, system or tool.</source>
        <translation>%1：角色“%2”不是 user、assistant、system 或 tool。</translation>
    </message>
    <message>
        <source>%1: the turn index &quot;%2&quot; is not a whole number.</source>
        <translation>%1：回合序号“%2”不是整数。</translation>
    </message>
    <message>
        <source>%1: conversation &quot;%2&quot; (line %3)</source>
        <translation>%1：对话“%2”（第 %3 行）</translation>
    </message>
    <message>
        <source>%1: the value &quot;%2&quot; is not a whole number (leave it empty or write NA for &quot;not applicable&quot;).</source>
        <translation>%1：值“%2”不是整数（如“不适用”请留空或写 NA）。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; must be a score from 1 to 5, not %3.</source>
        <translation>%1：“%2”必须是 1 到 5 的分数，而不是 %3。</translation>
    </message>
    <message>
        <source>dialogue</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>%1: it has no &quot;dialog&quot; list.</source>
        <translation>%1：缺少“dialog”列表。</translation>
    </message>
    <message>
        <source>%1: utterance %2 has speaker &quot;%3&quot;; expected seeker or supporter.</source>
        <translation>%1：第 %2 句的说话人是“%3”；应为 seeker 或 supporter。</translation>
    </message>
    <message>
        <source>%1: utterance %2 has no text (&quot;content&quot;).</source>
        <translation>%1：第 %2 句没有文本（“content”）。</translation>
    </message>
    <message>
        <source>%1: feedback with no supporter reply before it was ignored.</source>
        <translation>%1：之前没有支持者回复的反馈已被忽略。</translation>
    </message>
    <message>
        <source>%1: a second feedback for the same supporter turn; the later one (%2) is kept.</source>
        <translation>%1：同一支持者回合有第二个反馈；保留较后的一个（%2）。</translation>
    </message>
    <message>
        <source>%1 has no utterances and was skipped.</source>
        <translation>%1 没有语句，已跳过。</translation>
    </message>
    <message>
        <source>%1, column %2: not valid JSON.</source>
        <translation>%1，第 %2 列：不是有效的 JSON。</translation>
    </message>
    <message>
        <source>%1: expected an object with a &quot;messages&quot; list.</source>
        <translation>%1：应为带有“messages”列表的对象。</translation>
    </message>
    <message>
        <source>%1: message %2 has role &quot;%3&quot;; expected user, assistant, system or tool.</source>
        <translation>%1：第 %2 条消息的角色是“%3”；应为 user、assistant、system 或 tool。</translation>
    </message>
    <message>
        <source>%1: message %2: &quot;content&quot; must be text or a list of parts.</source>
        <translation>%1：第 %2 条消息：“content”必须是文本或片段列表。</translation>
    </message>
    <message>
        <source>%1: it has no list of messages (&quot;conversations&quot;).</source>
        <translation>%1：缺少消息列表（“conversations”）。</translation>
    </message>
    <message>
        <source>%1: message %2 comes from &quot;%3&quot;; expected human, gpt or system.</source>
        <translation>%1：第 %2 条消息来自“%3”；应为 human、gpt 或 system。</translation>
    </message>
    <message>
        <source>%1: message %2 has no text (&quot;value&quot;).</source>
        <translation>%1：第 %2 条消息没有文本（“value”）。</translation>
    </message>
    <message>
        <source>%1: &quot;content_hash&quot; must be 32 hexadecimal digits.</source>
        <translation>%1：“content_hash”必须是 32 位十六进制数字。</translation>
    </message>
    <message>
        <source>%1: %2 skipped: %3</source>
        <translation>%1：已跳过%2：%3</translation>
    </message>
    <message>
        <source>it is not a conversation object</source>
        <translation>它不是对话对象</translation>
    </message>
    <message>
        <source>it has no message tree (&quot;mapping&quot;)</source>
        <translation>它没有消息树（“mapping”）</translation>
    </message>
    <message>
        <source>node %1 is not an object</source>
        <translation>节点 %1 不是对象</translation>
    </message>
    <message>
        <source>it has no &quot;current_node&quot;</source>
        <translation>它没有“current_node”</translation>
    </message>
    <message>
        <source>its &quot;current_node&quot; %1 is not in the message tree</source>
        <translation>它的“current_node” %1 不在消息树中</translation>
    </message>
    <message>
        <source>its message tree has a cycle at node %1</source>
        <translation>它的消息树在节点 %1 处有环</translation>
    </message>
    <message>
        <source>node %1 points to a parent %2 that is not in the tree</source>
        <translation>节点 %1 指向的父节点 %2 不在树中</translation>
    </message>
    <message>
        <source>it has no visible messages</source>
        <translation>它没有可见的消息</translation>
    </message>
    <message>
        <source>node %1 appears twice in the message tree</source>
        <translation>节点 %1 在消息树中出现了两次</translation>
    </message>
    <message>
        <source>%1: conversation &quot;%2&quot; has turn %3 twice (first on line %4).</source>
        <translation>%1：对话“%2”的第 %3 回合出现了两次（第一次在第 %4 行）。</translation>
    </message>
    <message>
        <source>%1: a second rating of turn %2 of conversation &quot;%3&quot; on &quot;%4&quot; by %5 (the first is on line %6).</source>
        <translation>%1：%5 对对话“%3”第 %2 回合的“%4”有第二个评分（第一个在第 %6 行）。</translation>
    </message>
    <message>
        <source>%1: not valid JSON: %2</source>
        <translation>%1：不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>%1: &quot;anonymised_hash&quot; must be 32 hexadecimal digits.</source>
        <translation>%1：“anonymised_hash”必须是 32 位十六进制数字。</translation>
    </message>
    <message>
        <source>the import&apos;s annotator</source>
        <translation>导入指定的评分者</translation>
    </message>
    <message>
        <source>%1: the supporter&apos;s survey gives &quot;relevance&quot; 0, which is not on its 1-5 scale; it was not imported.</source>
        <translation>%1：支持者问卷中的“relevance”为 0，不在 1-5 量表内；未导入。</translation>
    </message>
    <message>
        <source>%1, the supporter&apos;s survey</source>
        <translation>%1，支持者问卷</translation>
    </message>
    <message>
        <source>%1: its &quot;protocol&quot; has no &quot;definition&quot;.</source>
        <translation>%1：其“protocol”没有“definition”。</translation>
    </message>
    <message>
        <source>%1, its protocol</source>
        <translation>%1 的协议</translation>
    </message>
    <message>
        <source>%1: the dimension &quot;%2&quot; names instrument &quot;%3&quot;, but the instrument column says &quot;%4&quot;.</source>
        <translation>%1：维度“%2”指明的量表为“%3”，但 instrument 列中为“%4”。</translation>
    </message>
    <message>
        <source>%1: the dimension is empty.</source>
        <translation>%1：维度为空。</translation>
    </message>
    <message>
        <source>%1: a second rating of conversation &quot;%2&quot; as a whole on &quot;%3&quot; by %4 (the first is on line %5).</source>
        <translation>%1：%4 对对话“%2”整体在“%3”上的第二条评分（第一条在第 %5 行）。</translation>
    </message>
    <message>
        <source>entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>%1: expected an activity entry (an object).</source>
        <translation>%1：此处应为活动条目（一个对象）。</translation>
    </message>
    <message>
        <source>%1: it has no &quot;title&quot;.</source>
        <translation>%1：它没有“title”。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a prompt and was skipped.</source>
        <translation>%1：“%2”不是提示，已跳过。</translation>
    </message>
    <message>
        <source>%1: &quot;time&quot; is missing or not a date and time (%2).</source>
        <translation>%1：“time”缺失或不是日期时间（%2）。</translation>
    </message>
    <message>
        <source>%1: &quot;safeHtmlItem&quot; must be a list.</source>
        <translation>%1：“safeHtmlItem”必须是列表。</translation>
    </message>
    <message>
        <source>%1: expected a &quot;conversation&quot; object and a list of &quot;responses&quot;.</source>
        <translation>%1：此处应有一个“conversation”对象和一个“responses”列表。</translation>
    </message>
    <message>
        <source>%1: response %2 is not an object.</source>
        <translation>%1：响应 %2 不是对象。</translation>
    </message>
    <message>
        <source>%1: response %2 has sender &quot;%3&quot;; expected &quot;human&quot; or &quot;assistant&quot;.</source>
        <translation>%1：响应 %2 的发送者为“%3”；应为“human”或“assistant”。</translation>
    </message>
    <message>
        <source>%1: response %2 has no text (&quot;message&quot;).</source>
        <translation>%1：响应 %2 没有文本（“message”）。</translation>
    </message>
    <message>
        <source>%1 skipped: %2</source>
        <translation>已跳过 %1：%2</translation>
    </message>
    <message>
        <source>--map %1: name the field, e.g. --map %1=FIELD.</source>
        <translation>--map %1：请指定字段名，例如 --map %1=FIELD。</translation>
    </message>
    <message>
        <source>--map: &quot;%1&quot; is not one of %2.</source>
        <translation>--map：“%1”不是 %2 之一。</translation>
    </message>
    <message>
        <source>--map score=%1 needs --score-dimension INSTRUMENT/DIMENSION: the dimension the scores rate.</source>
        <translation>--map score=%1 需要 --score-dimension INSTRUMENT/DIMENSION：即这些得分所评价的维度。</translation>
    </message>
    <message>
        <source>%1: expected an object (a conversation).</source>
        <translation>%1：此处应为对象（一个对话）。</translation>
    </message>
    <message>
        <source>%1: no list of turns (&quot;%2&quot;); name it with --map turns=FIELD.</source>
        <translation>%1：没有轮次列表（“%2”）；请用 --map turns=FIELD 指定。</translation>
    </message>
    <message>
        <source>%1: turn %2 is not an object.</source>
        <translation>%1：第 %2 轮不是对象。</translation>
    </message>
    <message>
        <source>%1: turn %2 has role &quot;%3&quot;; expected user, assistant (or model, gpt, bot), system or tool; name the field with --map role=FIELD.</source>
        <translation>%1：第 %2 轮的角色为“%3”；应为 user、assistant（或 model、gpt、bot）、system 或 tool；请用 --map role=FIELD 指定字段。</translation>
    </message>
    <message>
        <source>%1: turn %2: &quot;%3&quot; must be text or a list of parts.</source>
        <translation>%1：第 %2 轮：“%3”必须是文本或片段列表。</translation>
    </message>
    <message>
        <source>%1: turn %2: the score %3 is not a whole number.</source>
        <translation>%1：第 %2 轮：得分 %3 不是整数。</translation>
    </message>
    <message>
        <source>%1 has no turns and was skipped.</source>
        <translation>%1 没有轮次，已跳过。</translation>
    </message>
    <message>
        <source>%1: the message tree is too deep.</source>
        <translation>%1：消息树层级过深。</translation>
    </message>
    <message>
        <source>%1: message %2 is not an object.</source>
        <translation>%1：消息 %2 不是对象。</translation>
    </message>
    <message>
        <source>%1: message %2 has no &quot;message_id&quot;.</source>
        <translation>%1：消息 %2 没有“message_id”。</translation>
    </message>
    <message>
        <source>%1: message %2 has role &quot;%3&quot;; expected &quot;prompter&quot; or &quot;assistant&quot;.</source>
        <translation>%1：消息 %2 的角色为“%3”；应为“prompter”或“assistant”。</translation>
    </message>
    <message>
        <source>%1: message %2 has no text (&quot;text&quot;).</source>
        <translation>%1：消息 %2 没有文本（“text”）。</translation>
    </message>
    <message>
        <source>%1: message %2: &quot;replies&quot; must be a list.</source>
        <translation>%1：消息 %2：“replies”必须是列表。</translation>
    </message>
    <message>
        <source>%1: expected a message tree with a &quot;prompt&quot;.</source>
        <translation>%1：此处应为带有“prompt”的消息树。</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1：%2。</translation>
    </message>
    <message>
        <source>%1: message %2 has role &quot;%3&quot;; expected user, assistant or system.</source>
        <translation>%1：消息 %2 的角色为“%3”；应为 user、assistant 或 system。</translation>
    </message>
    <message>
        <source>%1: message %2: &quot;content&quot; must be text.</source>
        <translation>%1：消息 %2：“content”必须是文本。</translation>
    </message>
    <message>
        <source>chat</source>
        <translation>聊天</translation>
    </message>
    <message>
        <source>%1: it has no message tree (&quot;chat.history.messages&quot;).</source>
        <translation>%1：它没有消息树（“chat.history.messages”）。</translation>
    </message>
    <message>
        <source>%1: message %2 has no &quot;messageId&quot;.</source>
        <translation>%1：消息 %2 没有“messageId”。</translation>
    </message>
    <message>
        <source>%1: message %2 does not say who wrote it (&quot;isCreatedByUser&quot;).</source>
        <translation>%1：消息 %2 没有说明由谁写出（“isCreatedByUser”）。</translation>
    </message>
    <message>
        <source>%1: message %2: &quot;text&quot; must be text.</source>
        <translation>%1：消息 %2：“text”必须是文本。</translation>
    </message>
    <message>
        <source>%1: expected a LibreChat conversation with a list of &quot;messages&quot;.</source>
        <translation>%1：此处应为带有“messages”列表的 LibreChat 对话。</translation>
    </message>
    <message>
        <source>%1 has no messages.</source>
        <translation>%1 没有消息。</translation>
    </message>
    <message>
        <source>%1: message %2 points to a parent %3 that is not in the tree.</source>
        <translation>%1：消息 %2 指向的父消息 %3 不在树中。</translation>
    </message>
    <message>
        <source>%1: no speaker lines found (such as &quot;You:&quot;, &quot;User:&quot;, &quot;Assistant:&quot;, &quot;ChatGPT said:&quot;); name the speakers with --speaker NAME=ROLE.</source>
        <translation>%1：未找到说话人行（如“You:”、“User:”、“Assistant:”、“ChatGPT said:”）；请用 --speaker NAME=ROLE 指定说话人。</translation>
    </message>
    <message>
        <source>%1: line %2: text before the first speaker (&quot;%3&quot;); remove it, or name its speaker with --speaker NAME=ROLE.</source>
        <translation>%1：第 %2 行：第一个说话人之前有文本（“%3”）；请删除它，或用 --speaker NAME=ROLE 指定其说话人。</translation>
    </message>
    <message>
        <source>%1 is not valid UTF-8 text.</source>
        <translation>%1 不是有效的 UTF-8 文本。</translation>
    </message>
    <message>
        <source>message %1 appears twice in the message tree</source>
        <translation>消息 %1 在消息树中出现了两次</translation>
    </message>
    <message>
        <source>its current message %1 is not in the message tree</source>
        <translation>它的当前消息 %1 不在消息树中</translation>
    </message>
    <message>
        <source>its message tree has a cycle at message %1</source>
        <translation>它的消息树在消息 %1 处有环</translation>
    </message>
    <message>
        <source>message %1 points to a parent %2 that is not in the tree</source>
        <translation>消息 %1 指向的父消息 %2 不在树中</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; must be a date and time (ISO 8601)%3.</source>
        <translation>%1：“%2”必须是日期时间（ISO 8601）%3。</translation>
    </message>
    <message>
        <source>, or null while the session is open</source>
        <translation>，会话未结束时也可为 null</translation>
    </message>
    <message>
        <source>%1: &quot;sessions&quot; must be a list.</source>
        <translation>%1：“sessions”必须是列表。</translation>
    </message>
    <message>
        <source>%1: it has &quot;sessions&quot; but no &quot;condition&quot;; only live conversations have sessions.</source>
        <translation>%1：包含“sessions”但没有“condition”；只有实时对话才有会话。</translation>
    </message>
    <message>
        <source>%1, session %2</source>
        <translation>%1，会话 %2</translation>
    </message>
    <message>
        <source>%1: a session must be an object.</source>
        <translation>%1：会话必须是对象。</translation>
    </message>
    <message>
        <source>%1: &quot;first_turn&quot; must be the index of the turn the session began at, from %2 to %3 (sessions are in order).</source>
        <translation>%1：“first_turn”必须是会话开始时所在轮次的序号，范围为 %2 到 %3（会话按顺序排列）。</translation>
    </message>
    <message>
        <source>%1: the session ends before it starts.</source>
        <translation>%1：会话的结束时间早于开始时间。</translation>
    </message>
    <message>
        <source>%1: &quot;assignment&quot; must be {&quot;position&quot;: a whole number from 0, &quot;conditions&quot;: a list of condition keys}.</source>
        <translation>%1：“assignment”必须为 {&quot;position&quot;: 从 0 开始的整数, &quot;conditions&quot;: 条件键名列表}。</translation>
    </message>
    <message>
        <source>%1: participant %2 (&quot;%3&quot;)</source>
        <translation>%1：参与者 %2（“%3”）</translation>
    </message>
    <message>
        <source>%1: &quot;condition&quot; must be the key of the live condition the conversation was held with (text).</source>
        <translation>%1：“condition”必须是进行该对话所用实时条件的键名（文本）。</translation>
    </message>
    <message>
        <source>%1, the turn at index %2</source>
        <translation>%1，索引为 %2 的回合</translation>
    </message>
    <message>
        <source>%1: turn %2 has no text field (%3); name the field with --map text=FIELD.</source>
        <translation>%1：第 %2 轮没有文本字段（%3）；请用 --map text=字段 指定该字段。</translation>
    </message>
    <message>
        <source>%1, message %2</source>
        <translation>%1，消息 %2</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 等，另有 %2 条</translation>
    </message>
    <message>
        <source>%1: messages on no branch of the kept conversation (below its last message, or not reached from its first) were left out: %2.</source>
        <translation>%1：以下消息不在保留对话的任何分支上（位于其最后一条消息之下，或从其第一条消息无法到达），未导入：%2。</translation>
    </message>
    <message>
        <source>%1, response %2</source>
        <translation>%1，回复 %2</translation>
    </message>
    <message>
        <source>%1: turns %2 to %3 are candidate replies and none is chosen: the first is kept as the turn, the others as its alternatives.</source>
        <translation>%1：第 %2 至 %3 回合是候选回复，但没有一个被选中：第一个保留为该回合，其余作为它的备选。</translation>
    </message>
    <message>
        <source>%1: turns %2 to %3 are candidate replies and %4 are chosen: the first chosen is kept as the turn, the others as its alternatives.</source>
        <translation>%1：第 %2 至 %3 回合是候选回复，其中 %4 个被选中：第一个被选中的保留为该回合，其余作为它的备选。</translation>
    </message>
    <message>
        <source>%1: the timestamp &quot;%2&quot; is not a date and time (ISO 8601, or a count of seconds, or of milliseconds, since 1970).</source>
        <translation>%1：时间戳“%2”不是日期时间（ISO 8601，或自 1970 年起的秒数或毫秒数）。</translation>
    </message>
    <message>
        <source>%1: the timestamp &quot;%2&quot; names no time here: the clocks went forward past it. Give its zone (&quot;2024-03-10T02:30:00-05:00&quot;).</source>
        <translation>%1：时间戳“%2”在本地不存在：时钟在夏令时开始时跳过了这一时刻。请写明其时区（“2024-03-10T02:30:00-05:00”）。</translation>
    </message>
    <message>
        <source>%1: the same rater&apos;s %2 is given again (first: %3).</source>
        <translation>%1：同一评分者的%2重复给出（第一次：%3）。</translation>
    </message>
    <message>
        <source>%1, rating %2</source>
        <translation>%1，评分 %2</translation>
    </message>
    <message>
        <source>%1, flag %2</source>
        <translation>%1，标记 %2</translation>
    </message>
    <message>
        <source>flag of turn %1</source>
        <translation>第 %1 轮的标记</translation>
    </message>
    <message>
        <source>%1, note %2</source>
        <translation>%1，备注 %2</translation>
    </message>
    <message>
        <source>note on turn %1</source>
        <translation>第 %1 轮的备注</translation>
    </message>
    <message>
        <source>%1: &quot;refers_to&quot; must be the index of one of the %2 turns other than the flagged one, or null.</source>
        <translation>%1：“refers_to”必须是 %2 轮中被标记那一轮以外某一轮的序号，或为 null。</translation>
    </message>
</context>
<context>
    <name>sense7::import::CsvReader</name>
    <message>
        <source>%1: line %2 is not valid UTF-8 text.</source>
        <translation>%1：第 %2 行不是有效的 UTF-8 文本。</translation>
    </message>
    <message>
        <source>%1: line %2: a quote inside an unquoted field; quote the whole field and double the quote (&quot;&quot;).</source>
        <translation>%1：第 %2 行：未加引号的字段中出现引号；请给整个字段加引号，并把引号写两次（&quot;&quot;）。</translation>
    </message>
    <message>
        <source>%1: the quoted field that starts on line %2 is never closed.</source>
        <translation>%1：从第 %2 行开始的带引号字段没有结束。</translation>
    </message>
</context>
<context>
    <name>sense7::import::FastReader</name>
    <message>
        <source>%1: line %2</source>
        <translation>%1：第 %2 行</translation>
    </message>
    <message>
        <source>%1: not valid JSON: %2</source>
        <translation>%1：不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>%1, column %2: not valid JSON.</source>
        <translation>%1，第 %2 列：不是有效的 JSON。</translation>
    </message>
    <message>
        <source>%1 has no turns and was skipped.</source>
        <translation>%1 没有轮次，已跳过。</translation>
    </message>
    <message>
        <source>%1, turn %2</source>
        <translation>%1，第 %2 回合</translation>
    </message>
</context>
<context>
    <name>sense7::import::Importer</name>
    <message>
        <source>%1 is empty.</source>
        <translation>%1 是空的。</translation>
    </message>
    <message>
        <source>%1 (%2): conversations imported: %3; already present: %4; skipped: %5</source>
        <translation>%1（%2）：导入对话 %3 个；已存在 %4 个；跳过 %5 个</translation>
    </message>
    <message>
        <source>; ratings: %1</source>
        <translation>；评分 %1 条</translation>
    </message>
    <message>
        <source>%1 has several participants: choose the one these conversations belong to.</source>
        <translation>%1 有多名参与者：请选择这些对话所属的参与者。</translation>
    </message>
    <message>
        <source>%1: the data set has no dimension &quot;%2&quot;.</source>
        <translation>%1：数据集中没有维度“%2”。</translation>
    </message>
    <message>
        <source>%1: the data set has no conversation &quot;%2&quot;.</source>
        <translation>%1：数据集中没有对话“%2”。</translation>
    </message>
    <message>
        <source>%1: conversation &quot;%2&quot; has no turn %3.</source>
        <translation>%1：对话“%2”没有第 %3 回合。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a format Sense-7 Studio reads; choose one of: %2.</source>
        <translation>“%1”不是 Sense-7 Studio 可读取的格式；请从以下选择：%2。</translation>
    </message>
    <message>
        <source>The import of %1 was cancelled; nothing was changed.</source>
        <translation>%1 的导入已取消；没有任何更改。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a readable .zip archive (error %2).</source>
        <translation>%1 不是可读取的 .zip 压缩包（错误 %2）。</translation>
    </message>
    <message>
        <source>%1 has no conversations.json: it is not a ChatGPT or Claude export.</source>
        <translation>%1 中没有 conversations.json：它不是 ChatGPT 或 Claude 的导出文件。</translation>
    </message>
    <message>
        <source>Cannot read %1 in %2.</source>
        <translation>无法读取 %2 中的 %1。</translation>
    </message>
    <message>
        <source>; added to conversations already present: %1</source>
        <translation>；补充到已有对话：%1</translation>
    </message>
    <message>
        <source>not applicable</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>Nothing in %1 could be imported: every entry was skipped.
%2</source>
        <translation>%1 中没有可导入的内容：所有条目都被跳过。
%2</translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>conversation &quot;%1&quot;, turn %2</source>
        <translation>对话“%1”，第 %2 轮</translation>
    </message>
    <message>
        <source>conversation &quot;%1&quot;</source>
        <translation>对话“%1”</translation>
    </message>
    <message>
        <source>the rating</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>the conversation rating</source>
        <translation>对话评分</translation>
    </message>
    <message>
        <source>the continuity flag</source>
        <translation>连续性标记</translation>
    </message>
    <message>
        <source>the note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>the answers to the context form</source>
        <translation>情境表单的回答</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%2 的%1</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot; by %3</source>
        <translation>%3 的%1“%2”</translation>
    </message>
    <message>
        <source>%1: %2, %3 is %4 in the data set and %5 in this file</source>
        <translation>%1：%2，%3 在数据集中为 %4，在此文件中为 %5</translation>
    </message>
    <message>
        <source>%1; %2.</source>
        <translation>%1；%2。</translation>
    </message>
    <message>
        <source>replaced it with %1</source>
        <translation>已替换为 %1</translation>
    </message>
    <message>
        <source>kept %1</source>
        <translation>保留了 %1</translation>
    </message>
    <message>
        <source>%1 new</source>
        <translation>新增 %1</translation>
    </message>
    <message>
        <source>%1 unchanged</source>
        <translation>未变 %1</translation>
    </message>
    <message>
        <source>%1 replaced</source>
        <translation>替换 %1</translation>
    </message>
    <message>
        <source>%1 conflicting (kept)</source>
        <translation>冲突 %1（已保留）</translation>
    </message>
    <message>
        <source>; flags and notes replaced: %1</source>
        <translation>；已替换的标记和备注：%1</translation>
    </message>
    <message>
        <source>; feedback given twice for one turn: %1, the later kept</source>
        <translation>；同一轮收到两次反馈：%1，保留较晚的一次</translation>
    </message>
    <message>
        <source>; feedback after several supporter messages in a row, attached to the last of them: %1</source>
        <translation>；跟在多条连续支持者消息之后的反馈，已附加到最后一条：%1</translation>
    </message>
    <message>
        <source>%1: a conflict report is written as .csv or .json; name the file so.</source>
        <translation>%1：冲突报告以 .csv 或 .json 格式写入；请按此命名文件。</translation>
    </message>
    <message>
        <source>%1 could not be written: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>%1: participant &quot;%2&quot; has conversations that the data set holds under participant &quot;%3&quot;; their other conversations were added under &quot;%2&quot;. The file does not say that the two are one person (it was written by an earlier version, or shared under a code of the participant&apos;s choosing). If they are, import the file with &quot;%3&quot; as the participant into the data set as it was before.</source>
        <translation>%1：参与者“%2”的部分对话在数据集中属于参与者“%3”；其其他对话已添加到“%2”之下。文件没有说明两者是同一个人（文件由较早的版本写入，或以参与者自选的代码分享）。如果是同一个人，请将数据集恢复到导入之前，再以“%3”作为参与者导入该文件。</translation>
    </message>
    <message>
        <source>%1. The import stops at the first disagreement (on conflict: fail); nothing of %2 was imported.</source>
        <translation>%1。导入在第一个不一致处停止（冲突时：失败）；%2 中的内容均未导入。</translation>
    </message>
    <message>
        <source>%1: the file does not say who rated (it has no annotator column, or the cell is empty): name the rater for the import (sense7 import --annotator CODE; --annotator self only for the participants&apos; own ratings). Nothing was imported.</source>
        <translation>%1：文件没有说明评分者（没有 annotator 列，或单元格为空）：请为导入指定评分者（sense7 import --annotator CODE；只有参与者本人的评分才用 --annotator self）。未导入任何内容。</translation>
    </message>
    <message>
        <source>%1: %2 is outside the scale %3–%4 of &quot;%5&quot;.</source>
        <translation>%1：%2 超出了“%5”的量表范围 %3–%4。</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file: choose the files in it.</source>
        <translation>%1 是文件夹，不是文件：请选择其中的文件。</translation>
    </message>
    <message>
        <source>%1 is not a regular file (it is a named pipe, a socket or a device): save the data to a file and import that.</source>
        <translation>%1 不是普通文件（它是命名管道、套接字或设备）：请将数据保存为文件后再导入。</translation>
    </message>
    <message>
        <source>%1 is %2 text; Sense-7 Studio reads UTF-8. Save it as UTF-8 and import it again.</source>
        <translation>%1 是 %2 文本；Sense-7 Studio 读取 UTF-8。请将其另存为 UTF-8 后重新导入。</translation>
    </message>
    <message>
        <source>%1: cannot tell which format this is (ChatGPT or Claude export, Grok, Open WebUI or LibreChat export, OpenAssistant trees, Gemini activity, a pasted transcript, ShareGPT, OpenAI or other chat JSONL, CSV conversations or ratings, ESConv or a Sense-7 bundle). Choose the format explicitly.</source>
        <translation>%1：无法判断这是哪种格式（ChatGPT 或 Claude 导出、Grok、Open WebUI 或 LibreChat 导出、OpenAssistant 消息树、Gemini 活动记录、粘贴的对话记录、ShareGPT、OpenAI 或其他聊天 JSONL、CSV 对话或评分、ESConv 或 Sense-7 数据包）。请明确选择格式。</translation>
    </message>
    <message>
        <source>; prompts without a reply, kept as unanswered: %1</source>
        <translation>；没有回复的提示，已作为未回答保留：%1</translation>
    </message>
    <message>
        <source>The pasted text</source>
        <translation>粘贴的文本</translation>
    </message>
    <message>
        <source>%1 was made under the study protocol &quot;%2&quot; (fingerprint %3), which is not compatible with this data set&apos;s &quot;%4&quot; (fingerprint %5): %6. Nothing was imported from it.</source>
        <translation>%1 是按研究协议“%2”（指纹 %3）创建的，与此数据集的“%4”（指纹 %5）不兼容：%6。未从中导入任何内容。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; rates turns, so the row needs a turn_index (an empty one is a rating of the whole conversation).</source>
        <translation>%1：“%2”评价的是轮次，因此该行需要 turn_index（为空表示对整个对话的评分）。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; rates whole conversations, not turns: leave turn_index empty.</source>
        <translation>%1：“%2”评价的是整个对话，而不是轮次：请将 turn_index 留空。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; has no &quot;not applicable&quot;: the value must be a whole number from %3 to %4, not empty or NA.</source>
        <translation>%1：“%2”没有“不适用”：值必须是 %3 到 %4 之间的整数，不能为空或 NA。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; of the same conversation by %3 is rated on line %4 already.</source>
        <translation>%1：%3 对同一对话的“%2”评分已在第 %4 行给出。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; of the same turn by %3 is rated on line %4 already.</source>
        <translation>%1：%3 对同一轮次的“%2”评分已在第 %4 行给出。</translation>
    </message>
    <message>
        <source>%1: the data set has no instrument &quot;%2&quot; (it has: %3).</source>
        <translation>%1：数据集中没有量表“%2”（现有：%3）。</translation>
    </message>
    <message>
        <source>%1: instrument &quot;%2&quot; has no dimension &quot;%3&quot; (it has: %4).</source>
        <translation>%1：量表“%2”中没有维度“%3”（现有：%4）。</translation>
    </message>
    <message>
        <source>%1: the data set has no dimension &quot;%2&quot; in any of its instruments (%3).</source>
        <translation>%1：数据集的所有量表（%3）中都没有维度“%2”。</translation>
    </message>
    <message>
        <source>%1: the dimension &quot;%2&quot; is in more than one instrument (%3): name the instrument in an instrument column or as &quot;%4/%2&quot;.</source>
        <translation>%1：维度“%2”存在于多个量表中（%3）：请在 instrument 列中指明量表，或写作“%4/%2”。</translation>
    </message>
    <message>
        <source>the live condition</source>
        <translation>实时条件</translation>
    </message>
    <message>
        <source>the live sessions</source>
        <translation>实时会话</translation>
    </message>
    <message>
        <source>the participant&apos;s live assignment</source>
        <translation>参与者的实时分配</translation>
    </message>
    <message>
        <source>the number of turns</source>
        <translation>轮次数</translation>
    </message>
    <message>
        <source>; other disagreements (flags, notes, context, live details) kept as they were: %1</source>
        <translation>；其他不一致之处（标记、备注、情境、实时细节）保持原样：%1</translation>
    </message>
    <message>
        <source>; added beside a conversation from the same source with other content (a later or edited export of it?): %1 (%2)</source>
        <translation>；已与同一来源但内容不同的对话并列添加（是其较新或经编辑的导出吗？）：%1（%2）</translation>
    </message>
    <message>
        <source>%1: line %2 holds a NUL byte, which text does not: the file is damaged or not a text file (UTF-16 text, perhaps; save it as UTF-8).</source>
        <translation>%1：第 %2 行含有 NUL 字节，文本中不应有此字节：文件已损坏或不是文本文件（也许是 UTF-16 文本；请另存为 UTF-8）。</translation>
    </message>
    <message>
        <source>; times that could not be read, left empty: %1 (%2)</source>
        <translation>；无法读取的时间值，已留空：%1（%2）</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; has no &quot;not applicable&quot;: the value must be a whole number from %3 to %4, not null.</source>
        <translation>%1：“%2”没有“不适用”选项：取值必须是 %3 到 %4 之间的整数，不能为 null。</translation>
    </message>
    <message>
        <source>the participant&apos;s profile</source>
        <translation>参与者的个人资料</translation>
    </message>
    <message>
        <source>%1: %2 rates &quot;%3&quot; of the same %4 again, otherwise (first: %5).</source>
        <translation>%1：%2 对同一%4的“%3”再次给出了不同的评分（第一次：%5）。</translation>
    </message>
    <message>
        <source>conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>turn %1</source>
        <translation>第 %1 轮</translation>
    </message>
</context>
<context>
    <name>sense7::import::JsonArrayReader</name>
    <message>
        <source>%1: %2, at line %3, column %4 (byte %5).</source>
        <translation>%1：%2，位于第 %3 行第 %4 列（字节 %5）。</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <source>%1: the file is empty.</source>
        <translation>%1：文件为空。</translation>
    </message>
    <message>
        <source>expected a list of conversations (&quot;[&quot;)</source>
        <translation>应为对话列表（“[”）</translation>
    </message>
    <message>
        <source>unexpected text after the end of the list</source>
        <translation>列表结束后出现了多余的文本</translation>
    </message>
    <message>
        <source>the file ends before the list is closed</source>
        <translation>文件在列表结束之前就结束了</translation>
    </message>
    <message>
        <source>expected &quot;,&quot; or &quot;]&quot; after conversation %1</source>
        <translation>对话 %1 之后应为“,”或“]”</translation>
    </message>
    <message>
        <source>the file ends in the middle of conversation %1 (which starts on line %2)</source>
        <translation>文件在对话 %1（从第 %2 行开始）的中间结束</translation>
    </message>
    <message>
        <source>line %1, column %2, byte %3</source>
        <translation>第 %1 行第 %2 列，字节 %3</translation>
    </message>
    <message>
        <source>%1: %2 is not valid JSON at %3: %4</source>
        <translation>%1：%2 在%3处不是有效的 JSON：%4</translation>
    </message>
    <message>
        <source>%1: %2 (%3) is not valid JSON: %4</source>
        <translation>%1：%2（%3）不是有效的 JSON：%4</translation>
    </message>
    <message>
        <source>expected a member name</source>
        <translation>此处应为成员名</translation>
    </message>
    <message>
        <source>expected &quot;:&quot; after %1</source>
        <translation>%1 之后应为“:”</translation>
    </message>
    <message>
        <source>the file ends after %1</source>
        <translation>文件在 %1 之后结束</translation>
    </message>
    <message>
        <source>the object has no &quot;%1&quot; list</source>
        <translation>对象没有“%1”列表</translation>
    </message>
    <message>
        <source>expected &quot;,&quot; or &quot;}&quot;</source>
        <translation>此处应为“,”或“}”</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a list</source>
        <translation>“%1”不是列表</translation>
    </message>
    <message>
        <source>the file ends before the object is closed</source>
        <translation>文件在对象闭合之前结束</translation>
    </message>
    <message>
        <source>%1: nested more than %2 levels deep, deeper than a data set keeps.</source>
        <translation>%1：嵌套超过 %2 层，超出数据集能保存的深度。</translation>
    </message>
</context>
<context>
    <name>sense7::integrity</name>
    <message>
        <source>Cannot back up %1: %2</source>
        <translation>无法备份 %1：%2</translation>
    </message>
    <message>
        <source>The backup of %1 was stopped.</source>
        <translation>%1 的备份已停止。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for backups.</source>
        <translation>无法创建备份文件夹 %1。</translation>
    </message>
    <message>
        <source>The backup of %1 was not kept: the copy failed its check, so the data set is damaged (%2). Run `sense7 check %1`; restore an earlier backup or salvage it with `sense7 recover`.</source>
        <translation>%1 的备份未保留：副本未通过检查，说明数据集已损坏（%2）。请运行 `sense7 check %1`；恢复较早的备份，或用 `sense7 recover` 抢救。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write the backup %1.</source>
        <translation>无法写入备份 %1。</translation>
    </message>
    <message>
        <source>There is no backup %1.</source>
        <translation>没有备份 %1。</translation>
    </message>
    <message>
        <source>The backup %1 is damaged (%2): choose another one.</source>
        <translation>备份 %1 已损坏（%2）：请选择其他备份。</translation>
    </message>
    <message>
        <source>Cannot copy %1 beside %2.</source>
        <translation>无法将 %1 复制到 %2 旁边。</translation>
    </message>
    <message>
        <source>The copy of %1 beside %2 is damaged: is the disk failing?</source>
        <translation>%2 旁边的 %1 副本已损坏：磁盘是否出了故障？</translation>
    </message>
    <message>
        <source>%1 is open in another program (the studio?): close it there first, then restore.</source>
        <translation>%1 已在其他程序（工作室？）中打开：请先在那里关闭，再恢复。</translation>
    </message>
    <message>
        <source>Cannot move %1 aside to %2: is it open in another program?</source>
        <translation>无法将 %1 移到 %2：是否已在其他程序中打开？</translation>
    </message>
    <message>
        <source>Cannot put %1 in place of %2; the backup is at %1 and the replaced file at %3.</source>
        <translation>无法用 %1 替换 %2；备份位于 %1，被替换的文件位于 %3。</translation>
    </message>
    <message>
        <source>row %1 of table %2 refers to a missing row of %3</source>
        <translation>表 %2 的第 %1 行引用了 %3 中缺失的行</translation>
    </message>
    <message>
        <source>%1 is damaged (%2). It is open read-only so that nothing more is written into it. Restore a verified backup (File ▸ Restore backup… in the studio, or `sense7 restore %1`), or salvage every readable row into a new data set (`sense7 recover %1 NEW.sense7`).</source>
        <translation>%1 已损坏（%2）。已以只读方式打开，不会再写入任何内容。请恢复经过验证的备份（工作室中的“文件 ▸ 恢复备份…”，或 `sense7 restore %1`），或把所有可读取的行抢救到新的数据集（`sense7 recover %1 NEW.sense7`）。</translation>
    </message>
    <message>
        <source>%1 already exists: choose a new file name for the salvaged data set.</source>
        <translation>%1 已存在：请为抢救出的数据集选择新的文件名。</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <source>%1 is not a Sense-7 data set.</source>
        <translation>%1 不是 Sense-7 数据集。</translation>
    </message>
    <message>
        <source>Nothing can be salvaged from %1: its first page or its list of tables is damaged (%2). Restore a backup instead.</source>
        <translation>无法从 %1 抢救任何内容：其第一页或表列表已损坏（%2）。请改为恢复备份。</translation>
    </message>
    <message>
        <source>The salvaged data set failed its check (%1).</source>
        <translation>抢救出的数据集未通过检查（%1）。</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>the instruments of the study protocol &quot;%1&quot; (none could be read)</source>
        <translation>研究协议“%1”的量表（均无法读取）</translation>
    </message>
    <message>
        <source>%1 was written by a newer version of Sense-7 Studio (data set format %2; this version reads up to %3): salvage it with that version, which knows all of its tables.</source>
        <translation>%1 由更新版本的 Sense-7 Studio 写入（数据集格式 %2；本版本最多读取 %3）：请用那个版本抢救它，它了解其中所有的表。</translation>
    </message>
    <message>
        <source>Cannot write in the folder of %1: %2</source>
        <translation>无法在 %1 所在的文件夹中写入：%2</translation>
    </message>
</context>
<context>
    <name>sense7::integrity::Recovery</name>
    <message numerus="yes">
        <source>%1: %n rows recovered</source>
        <translation>
            <numerusform>%1：恢复了 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>; unreadable keys %1 (the rows there are lost)</source>
        <translation>；无法读取的键 %1（这些行已丢失）</translation>
    </message>
    <message numerus="yes">
        <source>; %n rows left out because a row they belong to was lost</source>
        <translation>
            <numerusform>；%n 行因其所属的行丢失而被略去</numerusform>
        </translation>
    </message>
    <message>
        <source>Rebuilt from the rows above: %1.</source>
        <translation>根据以上各行重建：%1。</translation>
    </message>
    <message>
        <source>Nothing was lost.</source>
        <translation>没有丢失任何内容。</translation>
    </message>
    <message>
        <source>Some rows were lost: see the tables above.</source>
        <translation>部分行已丢失：见上面各表。</translation>
    </message>
    <message numerus="yes">
        <source>; in all, the table counts %n rows more than could be read (they are lost)</source>
        <translation>
            <numerusform>；此表计数总共比能读出的多 %n 行（这些行已丢失）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::integrity::Report</name>
    <message>
        <source>no damage found</source>
        <translation>未发现损坏</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>及另外 %n 个</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sense7::json::Reader</name>
    <message>
        <source>&quot;rate&quot; needs one character per dimension (%1)</source>
        <translation>“rate”需要每个维度一个字符（共 %1 个）</translation>
    </message>
    <message>
        <source>&quot;rate&quot; has &apos;%1&apos;, which is not a scale point, &apos;-&apos; or &apos;.&apos;</source>
        <translation>“rate”中的“%1”不是量表分值、“-”或“.”</translation>
    </message>
    <message>
        <source>unknown participant &quot;%1&quot;</source>
        <translation>未知参与者“%1”</translation>
    </message>
    <message>
        <source>&quot;started_at&quot; is not an ISO 8601 date and time</source>
        <translation>“started_at”不是 ISO 8601 日期时间</translation>
    </message>
    <message>
        <source>, turn %1</source>
        <translation>，第 %1 回合</translation>
    </message>
    <message>
        <source>unknown role</source>
        <translation>未知角色</translation>
    </message>
    <message>
        <source>, break</source>
        <translation>，中断</translation>
    </message>
    <message>
        <source>&quot;refers_to&quot; must name an earlier turn</source>
        <translation>“refers_to”必须指向更早的回合</translation>
    </message>
    <message>
        <source>this is not a Sense-7 demo file</source>
        <translation>这不是 Sense-7 演示文件</translation>
    </message>
    <message>
        <source>%1 has no SENSE-7 instrument.</source>
        <translation>%1 没有 SENSE-7 量表。</translation>
    </message>
    <message>
        <source>%1: participant %2</source>
        <translation>%1：参与者 %2</translation>
    </message>
    <message>
        <source>%1: conversation %2</source>
        <translation>%1：对话 %2</translation>
    </message>
    <message>
        <source>Cannot read the demo data: %1</source>
        <translation>无法读取演示数据：%1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a question of the form &quot;%2&quot;.</source>
        <translation>“%1”不是表单“%2”中的问题。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; needs an answer.</source>
        <translation>“%1”需要回答。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be one of the listed answers.</source>
        <translation>“%1”必须是列出的选项之一。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a number from %2 to %3.</source>
        <translation>“%1”必须是 %2 到 %3 之间的数字。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be text.</source>
        <translation>“%1”必须是文本。</translation>
    </message>
    <message>
        <source>key &quot;%1&quot; must be lower-case letters, digits and _</source>
        <translation>键“%1”只能包含小写字母、数字和 _</translation>
    </message>
    <message>
        <source>, option</source>
        <translation>，选项</translation>
    </message>
    <message>
        <source>option &quot;%1&quot; is listed twice</source>
        <translation>选项“%1”重复出现</translation>
    </message>
    <message>
        <source>max (%1) must be above min (%2)</source>
        <translation>最大值（%1）必须大于最小值（%2）</translation>
    </message>
    <message>
        <source>anchor &quot;%1&quot; must be a scale point with a text</source>
        <translation>锚点“%1”必须是带文字说明的量表分值</translation>
    </message>
    <message>
        <source>%1: field %2</source>
        <translation>%1：字段 %2</translation>
    </message>
    <message>
        <source>%1: the key &quot;%2&quot; is used twice</source>
        <translation>%1：键“%2”被使用了两次</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行第 %2 列</translation>
    </message>
    <message>
        <source>%1: the file is empty.</source>
        <translation>%1：文件为空。</translation>
    </message>
    <message>
        <source>%1: not valid JSON at %2 (byte %3): %4</source>
        <translation>%1：在%2（字节 %3）处不是有效的 JSON：%4</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is missing</source>
        <translation>缺少“%1”</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>“%1”必须是字符串</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must not be empty</source>
        <translation>“%1”不能为空</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a whole number</source>
        <translation>“%1”必须是整数</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is out of range</source>
        <translation>“%1”超出范围</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be true or false</source>
        <translation>“%1”必须是 true 或 false</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a list</source>
        <translation>“%1”必须是列表</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an object</source>
        <translation>“%1”必须是对象</translation>
    </message>
    <message>
        <source>, scale</source>
        <translation>，量表</translation>
    </message>
    <message>
        <source>the scale&apos;s max (%1) must be above its min (%2)</source>
        <translation>量表最大值（%1）必须大于最小值（%2）</translation>
    </message>
    <message>
        <source>level &quot;%1&quot; must be &quot;turn&quot; or &quot;conversation&quot;</source>
        <translation>层级“%1”必须是“turn”或“conversation”</translation>
    </message>
    <message>
        <source>anchor &quot;%1&quot; is not a scale point</source>
        <translation>锚点“%1”不是量表分值</translation>
    </message>
    <message>
        <source>anchor %1 is outside the scale %2–%3</source>
        <translation>锚点 %1 超出量表范围 %2–%3</translation>
    </message>
    <message>
        <source>anchor %1 must be a non-empty string</source>
        <translation>锚点 %1 必须是非空字符串</translation>
    </message>
    <message>
        <source>%1: dimension %2</source>
        <translation>%1：维度 %2</translation>
    </message>
    <message>
        <source>%1: not valid JSON: %2</source>
        <translation>%1：不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in &quot;translations&quot; is not a language code such as zh_CN</source>
        <translation>“translations”中的“%1”不是 zh_CN 这样的语言代码</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a non-empty string</source>
        <translation>“%1”必须是非空字符串</translation>
    </message>
    <message>
        <source>anchor &quot;%1&quot; has no English anchor to translate</source>
        <translation>锚点“%1”没有可供翻译的英文锚点</translation>
    </message>
    <message>
        <source>option &quot;%1&quot; is not one of the field&apos;s options</source>
        <translation>选项“%1”不是该字段的选项之一</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be translated here</source>
        <translation>“%1”在这里不能翻译</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a list of the listed answers, each once.</source>
        <translation>“%1”必须是由所列答案组成的列表，每个答案只出现一次。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; needs at least %2 answers.</source>
        <translation>“%1”至少需要 %2 个答案。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; takes at most %2 answers.</source>
        <translation>“%1”最多只能有 %2 个答案。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a date written as yyyy-MM-dd.</source>
        <translation>“%1”必须是以 yyyy-MM-dd 格式书写的日期。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be %2 or later.</source>
        <translation>“%1”不得早于 %2。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be %2 or earlier.</source>
        <translation>“%1”不得晚于 %2。</translation>
    </message>
    <message>
        <source>type &quot;%1&quot; must be choice, multiple_choice, scale, number, date or text</source>
        <translation>类型“%1”必须是 choice、multiple_choice、scale、number、date 或 text</translation>
    </message>
    <message>
        <source>min_choices (%1) must be from 0 to the %2 options</source>
        <translation>min_choices（%1）必须在 0 到选项数 %2 之间</translation>
    </message>
    <message>
        <source>max_choices (%1) must be from min_choices (or 1) to the %2 options</source>
        <translation>max_choices（%1）必须在 min_choices（或 1）到选项数 %2 之间</translation>
    </message>
    <message>
        <source>the date &quot;%1&quot; must be written as yyyy-MM-dd</source>
        <translation>日期“%1”必须写作 yyyy-MM-dd</translation>
    </message>
    <message>
        <source>max (%1) must not be before min (%2)</source>
        <translation>max（%1）不得早于 min（%2）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a role</source>
        <translation>“%1”不是角色</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a scripted condition of the protocol</source>
        <translation>“%1”不是协议中的脚本化条件</translation>
    </message>
    <message>
        <source>%1 is assigned %2, not &quot;%3&quot;</source>
        <translation>%1 被分配到 %2，而不是“%3”</translation>
    </message>
    <message>
        <source>, session %1</source>
        <translation>，会话 %1</translation>
    </message>
    <message>
        <source>, message %1</source>
        <translation>，消息 %1</translation>
    </message>
    <message>
        <source>%1: live conversation %2</source>
        <translation>%1：实时对话 %2</translation>
    </message>
    <message>
        <source>the key &quot;%1&quot; is given twice in one object; give each once</source>
        <translation>同一个对象中键“%1”出现了两次；每个键只写一次</translation>
    </message>
</context>
<context>
    <name>sense7::keys</name>
    <message>
        <source>Rating drop</source>
        <translation>评分下降</translation>
    </message>
    <message>
        <source>Repair cue</source>
        <translation>修复提示语</translation>
    </message>
    <message>
        <source>Repeated request</source>
        <translation>重复请求</translation>
    </message>
    <message>
        <source>Regenerated reply</source>
        <translation>重新生成的回复</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Participant (self)</source>
        <translation>参与者（本人）</translation>
    </message>
    <message>
        <source>Observer</source>
        <translation>观察者</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Forgot earlier context</source>
        <translation>忘记了先前的上下文</translation>
    </message>
    <message>
        <source>Contradicted itself</source>
        <translation>自相矛盾</translation>
    </message>
    <message>
        <source>Repeated itself</source>
        <translation>重复自己</translation>
    </message>
    <message>
        <source>Ignored an instruction</source>
        <translation>忽略了指令</translation>
    </message>
    <message>
        <source>Lost the thread</source>
        <translation>偏离了话题</translation>
    </message>
    <message>
        <source>Technical failure</source>
        <translation>技术故障</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>PDF (vector, text kept)</source>
        <translation>PDF（矢量，保留文字）</translation>
    </message>
    <message>
        <source>SVG (vector, text kept)</source>
        <translation>SVG（矢量，保留文字）</translation>
    </message>
    <message>
        <source>PNG (image)</source>
        <translation>PNG（图像）</translation>
    </message>
    <message>
        <source>Single column (3.5 in)</source>
        <translation>单栏（3.5 英寸）</translation>
    </message>
    <message>
        <source>Double column (7.16 in)</source>
        <translation>双栏（7.16 英寸）</translation>
    </message>
</context>
<context>
    <name>sense7::live::EndpointStream</name>
    <message>
        <source>The condition “%1” has no http or https address to ask (“%2”).</source>
        <translation>条件“%1”没有可请求的 http 或 https 地址（“%2”）。</translation>
    </message>
    <message>
        <source>%1 sent an event that is not a JSON object (%2): “%3”.</source>
        <translation>%1 发送的事件不是 JSON 对象（%2）：“%3”。</translation>
    </message>
    <message>
        <source>%1 reported an error while replying: %2</source>
        <translation>%1 在回复时报告了错误：%2</translation>
    </message>
    <message>
        <source>%1 sent an event without choices[0].delta: “%2”.</source>
        <translation>%1 发送的事件中没有 choices[0].delta：“%2”。</translation>
    </message>
    <message>
        <source>%1 reported an error: %2</source>
        <translation>%1 报告了错误：%2</translation>
    </message>
    <message>
        <source>No reply from %1 within %2 s.</source>
        <translation>%2 秒内未收到 %1 的回复。</translation>
    </message>
    <message>
        <source>The reply stopped arriving: nothing new for %1 s.</source>
        <translation>回复中断：已有 %1 秒没有收到新内容。</translation>
    </message>
    <message>
        <source>Cannot reach %1: %2.</source>
        <translation>无法连接 %1：%2。</translation>
    </message>
    <message>
        <source>The connection to %1 broke off in the middle of the reply.</source>
        <translation>与 %1 的连接在回复中途断开。</translation>
    </message>
    <message>
        <source>the connection closed before the reply began</source>
        <translation>连接在回复开始之前已关闭</translation>
    </message>
    <message>
        <source>%1 refused the API key (HTTP %2: %3). %4</source>
        <translation>%1 拒绝了 API 密钥（HTTP %2：%3）。%4</translation>
    </message>
    <message>
        <source>%1 answered HTTP 404 (%2): check the endpoint&apos;s address and the model “%3” in the protocol.</source>
        <translation>%1 返回 HTTP 404（%2）：请检查协议中端点的地址和模型“%3”。</translation>
    </message>
    <message>
        <source>%1 is busy (HTTP 429)</source>
        <translation>%1 繁忙（HTTP 429）</translation>
    </message>
    <message>
        <source>%1 failed (HTTP %2: %3)</source>
        <translation>%1 失败（HTTP %2：%3）</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2: %3</source>
        <translation>%1 返回 HTTP %2：%3</translation>
    </message>
    <message numerus="yes">
        <source>%1; gave up after %n attempt(s).</source>
        <translation>
            <numerusform>%1；尝试 %n 次后放弃。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 and asks to wait %2 s; try again later.</source>
        <translation>%1，并要求等待 %2 秒；请稍后重试。</translation>
    </message>
</context>
<context>
    <name>sense7::live::LiveChat</name>
    <message>
        <source>%1 has no conversation %2.</source>
        <translation>%1 中没有对话 %2。</translation>
    </message>
    <message>
        <source>Conversation %1 of %2 was imported, not held live: it has no assistant condition to talk with.</source>
        <translation>%2 的对话 %1 是导入的，而非实时进行的：没有可与之对话的助手条件。</translation>
    </message>
    <message>
        <source>The protocol of %1 has no assistant condition “%2” (conversation %3).</source>
        <translation>%1 的协议中没有助手条件“%2”（对话 %3）。</translation>
    </message>
    <message>
        <source>The key is the one given to Sense-7 Studio (kept in the system keychain).</source>
        <translation>该密钥是提供给 Sense-7 Studio 的密钥（保存在系统钥匙串中）。</translation>
    </message>
    <message>
        <source>The key comes from the environment variable %1.</source>
        <translation>该密钥来自环境变量 %1。</translation>
    </message>
    <message>
        <source>The key comes from the environment variable SENSE7_API_KEY.</source>
        <translation>该密钥来自环境变量 SENSE7_API_KEY。</translation>
    </message>
    <message>
        <source>No API key was given: set SENSE7_API_KEY in the environment or store a key in Sense-7 Studio.</source>
        <translation>未提供 API 密钥：请在环境中设置 SENSE7_API_KEY，或在 Sense-7 Studio 中保存密钥。</translation>
    </message>
    <message>
        <source>No API key was given: set %1 (or SENSE7_API_KEY) in the environment or store a key in Sense-7 Studio.</source>
        <translation>未提供 API 密钥：请在环境中设置 %1（或 SENSE7_API_KEY），或在 Sense-7 Studio 中保存密钥。</translation>
    </message>
    <message>
        <source>Wait until the reply is complete, or stop it.</source>
        <translation>请等待回复完成，或停止回复。</translation>
    </message>
    <message>
        <source>%1 is open read-only: nothing can be added to it.</source>
        <translation>%1 以只读方式打开：无法向其中添加任何内容。</translation>
    </message>
    <message>
        <source>Rate the last reply before you send your next message.</source>
        <translation>请先为上一条回复评分，再发送下一条消息。</translation>
    </message>
    <message>
        <source>%1 What arrived is kept, marked as interrupted.</source>
        <translation>%1 已收到的部分会保留，并标记为已中断。</translation>
    </message>
    <message>
        <source>The assistant sent an empty reply. Try again.</source>
        <translation>助手发送了空回复。请重试。</translation>
    </message>
</context>
<context>
    <name>sense7::live::ScriptedStream</name>
    <message>
        <source>The scripted condition “%1” has no reply left for this message and no fallback.</source>
        <translation>脚本化条件“%1”已没有可用于此消息的回复，也没有备用回复。</translation>
    </message>
</context>
<context>
    <name>sense7::pg::Connection</name>
    <message>
        <source>The server&apos;s answer has no column &quot;%1&quot;.</source>
        <translation>服务器的回答中没有“%1”列。</translation>
    </message>
    <message>
        <source>Out of memory while connecting to the study server.</source>
        <translation>连接研究服务器时内存不足。</translation>
    </message>
    <message>
        <source>Cannot reach the study server %1: %2</source>
        <translation>无法访问研究服务器 %1：%2</translation>
    </message>
    <message>
        <source>The study server %1 refused the user name or password: %2</source>
        <translation>研究服务器 %1 拒绝了用户名或密码：%2</translation>
    </message>
    <message>
        <source>Cannot connect to the study server %1: %2</source>
        <translation>无法连接到研究服务器 %1：%2</translation>
    </message>
    <message>
        <source>the connection to the study server was lost</source>
        <translation>与研究服务器的连接已断开</translation>
    </message>
    <message>
        <source>The study server says: %1</source>
        <translation>研究服务器提示：%1</translation>
    </message>
    <message>
        <source>The study server says: %1 (SQLSTATE %2)</source>
        <translation>研究服务器提示：%1（SQLSTATE %2）</translation>
    </message>
    <message>
        <source>Cannot quote the name &quot;%1&quot;: %2</source>
        <translation>无法为名称“%1”加引号：%2</translation>
    </message>
    <message>
        <source>Cannot quote a text: %1</source>
        <translation>无法为文本加引号：%1</translation>
    </message>
    <message>
        <source>Cannot hash the password: %1</source>
        <translation>无法对密码进行哈希：%1</translation>
    </message>
</context>
<context>
    <name>sense7::protocol</name>
    <message>
        <source>%1: the file is empty.</source>
        <translation>%1：文件为空。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>There is no shipped protocol &quot;%1&quot;; the shipped ones are %2.</source>
        <translation>没有内置协议“%1”；内置协议有 %2。</translation>
    </message>
    <message>
        <source>the instrument &quot;%1&quot; is not in this data set&apos;s protocol (&quot;%2&quot;)</source>
        <translation>量表“%1”不在此数据集的协议（“%2”）中</translation>
    </message>
    <message>
        <source>%1/%2 is not a dimension of this data set&apos;s %1</source>
        <translation>%1/%2 不是此数据集的 %1 中的维度</translation>
    </message>
    <message>
        <source>%1/%2 is rated per %3 here, per %4 there</source>
        <translation>%1/%2 在这里按 %3 评分，在那里按 %4 评分</translation>
    </message>
    <message>
        <source>%1/%2 has the scale %3–%4 here, %5–%6 there</source>
        <translation>%1/%2 在这里的量表范围为 %3–%4，在那里为 %5–%6</translation>
    </message>
    <message>
        <source>%1/%2 is a dimension here but not there</source>
        <translation>%1/%2 在这里是维度，在那里则不是</translation>
    </message>
</context>
<context>
    <name>sense7::protocol::Parser</name>
    <message>
        <source>%1: not valid JSON: %2</source>
        <translation>%1：不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>%1:%2: not valid JSON: %3</source>
        <translation>%1:%2：不是有效的 JSON：%3</translation>
    </message>
    <message>
        <source>a protocol is a JSON object</source>
        <translation>协议应为 JSON 对象</translation>
    </message>
    <message>
        <source>the study key &quot;%1&quot; must be lower-case letters, digits and _, starting with a letter (e.g. &quot;my_study&quot;)</source>
        <translation>研究键“%1”只能由小写字母、数字和 _ 组成，并以字母开头（例如“my_study”）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a field here; the fields are %2</source>
        <translation>“%1”不是此处的字段；可用字段为 %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is missing</source>
        <translation>缺少“%1”</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an object</source>
        <translation>“%1”必须是对象</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>“%1”必须是字符串</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must not be empty</source>
        <translation>“%1”不能为空</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be true or false</source>
        <translation>“%1”必须是 true 或 false</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a whole number</source>
        <translation>“%1”必须是整数</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be from %2 to %3</source>
        <translation>“%1”必须在 %2 到 %3 之间</translation>
    </message>
    <message>
        <source>&quot;instruments&quot; is missing: a study rates with at least one</source>
        <translation>缺少“instruments”：研究至少要用一个量表评分</translation>
    </message>
    <message>
        <source>&quot;instruments&quot; must be a list</source>
        <translation>“instruments”必须是列表</translation>
    </message>
    <message>
        <source>&quot;instruments&quot; is empty: a study rates with at least one instrument</source>
        <translation>“instruments”为空：研究至少要用一个量表评分</translation>
    </message>
    <message>
        <source>instrument %1 (&quot;%2&quot;)</source>
        <translation>量表 %1（“%2”）</translation>
    </message>
    <message>
        <source>the key &quot;%1&quot; is used by instrument %2 too</source>
        <translation>键“%1”也被量表 %2 使用</translation>
    </message>
    <message>
        <source>instrument %1</source>
        <translation>量表 %1</translation>
    </message>
    <message>
        <source>an instrument is a JSON object</source>
        <translation>量表应为 JSON 对象</translation>
    </message>
    <message>
        <source>the key &quot;%1&quot; must be lower-case letters, digits and _</source>
        <translation>键“%1”只能由小写字母、数字和 _ 组成</translation>
    </message>
    <message>
        <source>instrument &quot;%1&quot;</source>
        <translation>量表“%1”</translation>
    </message>
    <message>
        <source>&quot;dimensions&quot; is missing</source>
        <translation>缺少“dimensions”</translation>
    </message>
    <message>
        <source>&quot;dimensions&quot; must be a list of at least one</source>
        <translation>“dimensions”必须是至少包含一项的列表</translation>
    </message>
    <message>
        <source>%1, dimension %2 (&quot;%3&quot;)</source>
        <translation>%1，维度 %2（“%3”）</translation>
    </message>
    <message>
        <source>the key &quot;%1&quot; is used by dimension %2 too</source>
        <translation>键“%1”也被维度 %2 使用</translation>
    </message>
    <message>
        <source>%1, dimension %2</source>
        <translation>%1，维度 %2</translation>
    </message>
    <message>
        <source>a dimension is a JSON object</source>
        <translation>维度应为 JSON 对象</translation>
    </message>
    <message>
        <source>the scale needs &quot;min&quot; and &quot;max&quot;</source>
        <translation>量表需要“min”和“max”</translation>
    </message>
    <message>
        <source>the scale&apos;s max (%1) is below its min (%2)</source>
        <translation>量表的 max（%1）小于其 min（%2）</translation>
    </message>
    <message>
        <source>level &quot;%1&quot; must be &quot;turn&quot; or &quot;conversation&quot;</source>
        <translation>层级“%1”必须是“turn”或“conversation”</translation>
    </message>
    <message>
        <source>&quot;roles&quot; must be a list of at least one role</source>
        <translation>“roles”必须是至少包含一个角色的列表</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a role; the roles are %2</source>
        <translation>“%1”不是角色；可用角色为 %2</translation>
    </message>
    <message>
        <source>the role &quot;%1&quot; is listed twice</source>
        <translation>角色“%1”列出了两次</translation>
    </message>
    <message>
        <source>give &quot;labels&quot; or &quot;anchors&quot; (the older name), not both</source>
        <translation>请给出“labels”或“anchors”（旧名称）之一，不要同时给出</translation>
    </message>
    <message>
        <source>&quot;labels&quot; is missing: label every point of the scale, or the ends and middle (%1)</source>
        <translation>缺少“labels”：请为量表的每个分值加标签，或只为两端和中点加标签（%1）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an object of scale points</source>
        <translation>“%1”必须是以量表分值为键的对象</translation>
    </message>
    <message>
        <source>label &quot;%1&quot; is not a scale point</source>
        <translation>标签“%1”不是量表分值</translation>
    </message>
    <message>
        <source>the label for %1 is outside the scale %2–%3</source>
        <translation>%1 的标签超出量表范围 %2–%3</translation>
    </message>
    <message>
        <source>the label for %1 must be a non-empty string</source>
        <translation>%1 的标签必须是非空字符串</translation>
    </message>
    <message>
        <source>%1 missing</source>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <source>%1 not an end or the middle</source>
        <translation>%1 不是端点或中点</translation>
    </message>
    <message>
        <source>labels for %1 do not fit the scale %2–%3: label every point (missing: %4) or only the ends and middle, %5 (%6)</source>
        <translation>%1 的标签与量表 %2–%3 不符：请为每个分值加标签（缺少：%4），或只为两端和中点 %5 加标签（%6）</translation>
    </message>
    <message>
        <source>forms</source>
        <translation>forms</translation>
    </message>
    <message>
        <source>form &quot;%1&quot;</source>
        <translation>表单“%1”</translation>
    </message>
    <message>
        <source>%1, field %2 (&quot;%3&quot;)</source>
        <translation>%1，字段 %2（“%3”）</translation>
    </message>
    <message>
        <source>the key &quot;%1&quot; is used twice</source>
        <translation>键“%1”使用了两次</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a field type; the types are %2</source>
        <translation>“%1”不是字段类型；可用类型为 %2</translation>
    </message>
    <message>
        <source>sharing</source>
        <translation>sharing</translation>
    </message>
    <message>
        <source>sharing is enabled but there is no consent text: add &quot;consent&quot;, the text shown before anything is shared</source>
        <translation>已启用分享，但没有知情同意文本：请添加“consent”，即分享任何内容之前显示的文本</translation>
    </message>
    <message>
        <source>retest</source>
        <translation>retest</translation>
    </message>
    <message>
        <source>dimension_order</source>
        <translation>dimension_order</translation>
    </message>
    <message>
        <source>mode &quot;%1&quot; must be &quot;fixed&quot; or &quot;random&quot;</source>
        <translation>模式“%1”必须是“fixed”或“random”</translation>
    </message>
    <message>
        <source>&quot;seed&quot; must be a whole number, 0 or more</source>
        <translation>“seed”必须是 0 或更大的整数</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a number</source>
        <translation>“%1”必须是数字</translation>
    </message>
    <message>
        <source>live</source>
        <translation>live</translation>
    </message>
    <message>
        <source>&quot;conditions&quot; is missing: a live study has at least one</source>
        <translation>缺少“conditions”：实时研究至少要有一个条件</translation>
    </message>
    <message>
        <source>&quot;conditions&quot; must be a list</source>
        <translation>“conditions”必须是列表</translation>
    </message>
    <message>
        <source>&quot;conditions&quot; is empty: a live study has at least one assistant condition</source>
        <translation>“conditions”为空：实时研究至少要有一个助手条件</translation>
    </message>
    <message>
        <source>live condition %1 (&quot;%2&quot;)</source>
        <translation>live 条件 %1（“%2”）</translation>
    </message>
    <message>
        <source>the key &quot;%1&quot; is used by condition %2 too</source>
        <translation>键“%1”也被条件 %2 使用</translation>
    </message>
    <message>
        <source>live assignment</source>
        <translation>live 分配</translation>
    </message>
    <message>
        <source>design &quot;%1&quot; must be &quot;between&quot; or &quot;within&quot;</source>
        <translation>设计“%1”必须是“between”或“within”</translation>
    </message>
    <message>
        <source>live rating</source>
        <translation>live 评分</translation>
    </message>
    <message>
        <source>when &quot;%1&quot; must be &quot;after_each_reply&quot; or &quot;at_end&quot;</source>
        <translation>时机“%1”必须是“after_each_reply”或“at_end”</translation>
    </message>
    <message>
        <source>live condition %1</source>
        <translation>live 条件 %1</translation>
    </message>
    <message>
        <source>a condition is a JSON object</source>
        <translation>条件应为 JSON 对象</translation>
    </message>
    <message>
        <source>give &quot;endpoint&quot; (a chat-completions server) or &quot;scripted&quot; (replies written here)</source>
        <translation>请给出“endpoint”（chat-completions 服务器）或“scripted”（在此写好的回复）</translation>
    </message>
    <message>
        <source>give &quot;endpoint&quot; or &quot;scripted&quot;, not both</source>
        <translation>请给出“endpoint”或“scripted”之一，不要同时给出</translation>
    </message>
    <message>
        <source>a protocol never holds an API key: name the environment variable that holds it in &quot;api_key_env&quot;, or enter it in the studio</source>
        <translation>协议中绝不保存 API 密钥：请在“api_key_env”中填写保存密钥的环境变量名称，或在 Sense-7 Studio 中输入密钥</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http:// or https:// address (e.g. &quot;https://api.example.org/v1&quot;)</source>
        <translation>“%1”不是 http:// 或 https:// 地址（例如“https://api.example.org/v1”）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not the name of an environment variable (e.g. &quot;OPENAI_API_KEY&quot;)</source>
        <translation>“%1”不是环境变量名称（例如“OPENAI_API_KEY”）</translation>
    </message>
    <message>
        <source>&quot;replies&quot; is missing: a scripted condition has at least one</source>
        <translation>缺少“replies”：脚本化条件至少要有一条回复</translation>
    </message>
    <message>
        <source>&quot;replies&quot; must be a list</source>
        <translation>“replies”必须是列表</translation>
    </message>
    <message>
        <source>&quot;replies&quot; is empty: a scripted condition has at least one reply</source>
        <translation>“replies”为空：脚本化条件至少要有一条回复</translation>
    </message>
    <message>
        <source>%1, reply %2</source>
        <translation>%1，回复 %2</translation>
    </message>
    <message>
        <source>a reply is a JSON object</source>
        <translation>回复应为 JSON 对象</translation>
    </message>
    <message>
        <source>Assistant %1</source>
        <translation>助手 %1</translation>
    </message>
    <message>
        <source>a protocol never holds an API key or a password, not in its address either (only &quot;api-version&quot; may follow the path): remove it from the address of %1 and name the environment variable that holds the key in &quot;api_key_env&quot;, or enter it in the studio</source>
        <translation>研究方案中绝不保存 API 密钥或密码，地址中也不行（路径之后只允许“api-version”）：请从 %1 的地址中删除它，并在“api_key_env”中写明保存密钥的环境变量名，或在工作室中输入密钥</translation>
    </message>
    <message>
        <source>the label &quot;%1&quot; is condition %2&apos;s too (case aside): participants could not tell the two assistants apart</source>
        <translation>标签“%1”也是条件 %2 的标签（不计大小写）：参与者无法区分这两个助手</translation>
    </message>
    <message>
        <source>the scale has 1 point; a scale has 2 to %1</source>
        <translation>量表只有 1 个分值；量表应有 2 到 %1 个分值</translation>
    </message>
    <message>
        <source>the scale has %1 points; a scale has 2 to %2</source>
        <translation>量表有 %1 个分值；量表应有 2 到 %2 个分值</translation>
    </message>
    <message>
        <source>&quot;labels&quot; is missing: label the scale&apos;s ends, %1 and %2, and any points between</source>
        <translation>缺少“labels”：请为量表的两端 %1 和 %2 加标签，中间的分值也可以加</translation>
    </message>
    <message>
        <source>labels for %1 do not fit the scale %2–%3: a scale of more than 11 points needs labels for its ends, %2 and %3, and may have them for points between</source>
        <translation>%1 的标签与量表 %2–%3 不符：超过 11 个分值的量表需要为两端 %2 和 %3 加标签，中间的分值也可以加</translation>
    </message>
</context>
<context>
    <name>sense7::schema</name>
    <message>
        <source>%1: the data set&apos;s table &quot;%2&quot; is not defined as this program defines it.</source>
        <translation>%1：数据集的表“%2”的定义与本程序的定义不同。</translation>
    </message>
</context>
<context>
    <name>sense7::server</name>
    <message>
        <source> (protocol %1, version %2, created %3 UTC)</source>
        <translation> （协议 %1，版本 %2，创建于 %3 UTC）</translation>
    </message>
    <message>
        <source>The database &quot;%1&quot; already holds a study%2; nothing was changed. A study is initialised once: to start over, drop the schema sense7 first.</source>
        <translation>数据库“%1”中已有一个研究%2；未做任何更改。一个研究只初始化一次：如需重新开始，请先删除 schema sense7。</translation>
    </message>
    <message>
        <source>The user &quot;%1&quot; may not create the study&apos;s roles: a study is initialised by a superuser, or by a user with CREATEROLE who owns the database. %2</source>
        <translation>用户“%1”无权创建研究的角色：研究须由超级用户初始化，或由拥有该数据库且具有 CREATEROLE 权限的用户初始化。%2</translation>
    </message>
    <message>
        <source>A participant code cannot be empty.</source>
        <translation>参与者编号不能为空。</translation>
    </message>
    <message>
        <source>The database &quot;%1&quot; holds no study yet: run `sense7 server init` first.</source>
        <translation>数据库“%1”中还没有研究：请先运行 `sense7 server init`。</translation>
    </message>
    <message>
        <source>The participant &quot;%1&quot; was withdrawn from this study; a withdrawn code is not used again.</source>
        <translation>参与者“%1”已退出本研究；已退出的编号不会再次使用。</translation>
    </message>
    <message>
        <source>The participant &quot;%1&quot; already takes part in this study; nothing was changed.</source>
        <translation>参与者“%1”已参加本研究；未做任何更改。</translation>
    </message>
    <message>
        <source>The database &quot;%1&quot; holds no study.</source>
        <translation>数据库“%1”中没有研究。</translation>
    </message>
    <message>
        <source>There is no participant &quot;%1&quot; in this study; nothing was changed.</source>
        <translation>本研究中没有参与者“%1”；未做任何更改。</translation>
    </message>
    <message>
        <source>The participant &quot;%1&quot; was withdrawn already.</source>
        <translation>参与者“%1”已经退出。</translation>
    </message>
    <message>
        <source>The study server holds no protocol: is the database initialised with `sense7 server init`?</source>
        <translation>研究服务器中没有协议：数据库是否已用 `sense7 server init` 初始化？</translation>
    </message>
    <message>
        <source>the study server&apos;s protocol</source>
        <translation>研究服务器的协议</translation>
    </message>
    <message>
        <source>The server holds no study (sense7 server init).</source>
        <translation>服务器中没有研究（sense7 server init）。</translation>
    </message>
    <message>
        <source>The study in the database &quot;%1&quot; has schema version %2, made by a later version of Sense-7 Studio than this one (which knows up to %3); nothing was changed.</source>
        <translation>数据库“%1”中的研究架构版本为 %2，由比本版本更新的 Sense-7 Studio 创建（本版本最高支持 %3）；未做任何更改。</translation>
    </message>
    <message>
        <source>The user &quot;%1&quot; may not upgrade the study: only the study&apos;s researchers (members of sense7_researcher) may. Nothing was changed.</source>
        <translation>用户“%1”无权升级此研究：只有研究的研究人员（sense7_researcher 的成员）可以升级。未做任何更改。</translation>
    </message>
    <message>
        <source>The study server is busy: participants&apos; syncs held its tables for ten seconds. Nothing was changed; try again in a moment.</source>
        <translation>研究服务器正忙：参与者的同步占用其数据表已达十秒。未做任何更改；请稍后重试。</translation>
    </message>
</context>
<context>
    <name>sense7::server::Puller</name>
    <message>
        <source>Conversation %1 of participant %2 is already in the data set as another participant&apos;s; left out.</source>
        <translation>参与者 %2 的对话 %1 已作为其他参与者的对话存在于数据集中；已略去。</translation>
    </message>
    <message>
        <source>Conversation %1 of participant %2 has no turn %3.</source>
        <translation>参与者 %2 的对话 %1 中没有轮次 %3。</translation>
    </message>
    <message>
        <source>Ratings on %1, which the protocol does not have, were left out.</source>
        <translation>协议中没有 %1，因此针对它的评分已略去。</translation>
    </message>
    <message>
        <source>%1: %2 conversations (%3 turns), %4 ratings, %5 conversation ratings, %6 flags, %7 notes, %8 context and %9 profile answers</source>
        <translation>%1：%2 个对话（%3 个轮次）、%4 条评分、%5 条对话评分、%6 个标记、%7 条备注、%8 条情境答案和 %9 条个人资料答案</translation>
    </message>
    <message numerus="yes">
        <source> from %n participant(s)</source>
        <translation>
            <numerusform> 来自 %n 位参与者</numerusform>
        </translation>
    </message>
    <message>
        <source> (changes since the last pull)</source>
        <translation> （自上次拉取以来的更改）</translation>
    </message>
    <message>
        <source> (everything)</source>
        <translation> （全部）</translation>
    </message>
    <message>
        <source>; up to change %1.</source>
        <translation>；截至更改 %1。</translation>
    </message>
    <message>
        <source>The data set was created under the server&apos;s protocol.</source>
        <translation>数据集已按服务器的协议创建。</translation>
    </message>
    <message>
        <source>Participant %1 withdrew from the study: their rows were removed.</source>
        <translation>参与者 %1 已退出研究：其数据行已删除。</translation>
    </message>
    <message>
        <source>Connected to %1.</source>
        <translation>已连接到 %1。</translation>
    </message>
    <message>
        <source>%1 holds no study (run sense7 server init first).</source>
        <translation>%1 中没有研究（请先运行 sense7 server init）。</translation>
    </message>
    <message>
        <source>the protocol of %1</source>
        <translation>%1 的协议</translation>
    </message>
    <message>
        <source>%1 cannot be written.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>%1 was made under a protocol the study&apos;s is not compatible with: %2 Pull into a new data set.</source>
        <translation>%1 所基于的协议与本研究的协议不兼容：%2 请拉取到新的数据集。</translation>
    </message>
    <message numerus="yes">
        <source>Reading %1 conversations of %n participant(s)…</source>
        <translation>
            <numerusform>正在读取 %n 位参与者的 %1 个对话…</numerusform>
        </translation>
    </message>
    <message>
        <source>The pull was cancelled; %1 is as it was.</source>
        <translation>拉取已取消；%1 保持原样。</translation>
    </message>
    <message>
        <source>; %1 live conversations continued</source>
        <translation>；已继续 %1 个实时对话</translation>
    </message>
    <message>
        <source>%1&apos;s assignment here (%2) was replaced by the study server&apos;s (%3).</source>
        <translation>%1 在本地的分配（%2）已被研究服务器上的分配（%3）取代。</translation>
    </message>
</context>
<context>
    <name>sense7::server::pulled::Snapshot</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>sense7::sql::Connection</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: cannot prepare a query: %2</source>
        <translation>%1：无法准备查询：%2</translation>
    </message>
    <message>
        <source>the disk is full (or the data set reached its size limit), so the change was not saved; everything saved before is intact. Free some space and try again.</source>
        <translation>磁盘已满（或数据集已达到大小上限），因此此次更改未保存；之前保存的内容均完好无损。请释放一些空间后重试。</translation>
    </message>
    <message>
        <source>the data set is read-only, so the change was not saved.</source>
        <translation>数据集是只读的，因此此次更改未保存。</translation>
    </message>
    <message>
        <source>the disk could not be read or written (%1); the change was not saved.</source>
        <translation>无法读写磁盘（%1）；此次更改未保存。</translation>
    </message>
    <message>
        <source>the data set is damaged (%1).</source>
        <translation>数据集已损坏（%1）。</translation>
    </message>
    <message>
        <source>the disk is full (the data set&apos;s, or that of the temporary folder %1, where large sorts are written) or the data set reached its size limit, so the change was not saved; everything saved before is intact. Free some space and try again.</source>
        <translation>磁盘已满（数据集所在的磁盘，或大型排序写入的临时文件夹 %1 所在的磁盘），或数据集已达到大小上限，因此此次更改未保存；之前保存的内容均完好无损。请释放一些空间后重试。</translation>
    </message>
    <message>
        <source>another program is writing to the data set (an import, perhaps) and did not let go of it in time, so nothing was changed. Try again when it has finished.</source>
        <translation>另一个程序（也许是一次导入）正在写入该数据集，且未能及时释放，因此没有做任何更改。请在它完成后重试。</translation>
    </message>
</context>
<context>
    <name>sense7::sql::Statement</name>
    <message>
        <source>%1: cannot %2: %3</source>
        <translation>%1：无法%2：%3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>sense7::startup</name>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>无法创建 %1。</translation>
    </message>
    <message>
        <source>Cannot move %1 to %2.</source>
        <translation>无法将 %1 移到 %2。</translation>
    </message>
</context>
<context>
    <name>sense7::stats</name>
    <message>
        <source>There are no observations to model.</source>
        <translation>没有可建模的观测值。</translation>
    </message>
    <message>
        <source>Observation %1 has no finite value.</source>
        <translation>观测值 %1 不是有限值。</translation>
    </message>
    <message>
        <source>Comparing assistants needs ratings of at least two of them; there is one.</source>
        <translation>比较助手需要至少两个助手的评分；目前只有一个。</translation>
    </message>
    <message>
        <source>A model needs ratings from at least two participants; there is one.</source>
        <translation>模型需要至少两名参与者的评分；目前只有一名。</translation>
    </message>
    <message>
        <source>Every conversation has a single rating, so the variance between conversations cannot be told apart from the residual.</source>
        <translation>每个对话只有一条评分，因此无法将对话间方差与残差区分开。</translation>
    </message>
    <message>
        <source>Every participant has a single conversation, so the variance between participants cannot be told apart from that between conversations.</source>
        <translation>每名参与者只有一个对话，因此无法将参与者间方差与对话间方差区分开。</translation>
    </message>
    <message numerus="yes">
        <source>There are too few observations (%n) for the fixed effects.</source>
        <translation>
            <numerusform>观测值过少（%n），无法估计固定效应。</numerusform>
        </translation>
    </message>
    <message>
        <source>The ratings do not vary within conversations, so the residual variance cannot be estimated.</source>
        <translation>评分在对话内没有变化，因此无法估计残差方差。</translation>
    </message>
    <message>
        <source>The fixed effects cannot be estimated from these data.</source>
        <translation>无法根据这些数据估计固定效应。</translation>
    </message>
</context>
<context>
    <name>sense7::sync</name>
    <message>
        <source>the study server&apos;s protocol</source>
        <translation>研究服务器的协议</translation>
    </message>
    <message numerus="yes">
        <source>%n conversation(s) with %1 turns and %2 ratings will be sent to the study server, and every change you make from now on.</source>
        <translation>
            <numerusform>%n 个对话（含 %1 个轮次和 %2 条评分）以及你今后所做的每项更改都将发送到研究服务器。</numerusform>
        </translation>
    </message>
    <message>
        <source>Sharing: full text of every message.</source>
        <translation>分享：每条消息的全文。</translation>
    </message>
    <message>
        <source>Sharing: message text with e-mail addresses, phone numbers, web addresses and IP addresses removed.</source>
        <translation>分享：已移除电子邮件地址、电话号码、网址和 IP 地址的消息文本。</translation>
    </message>
    <message>
        <source>Sharing: ratings, flags, notes and forms only; no message text.</source>
        <translation>分享：仅评分、标记、备注和表单；不含消息文本。</translation>
    </message>
    <message>
        <source>The first message as it will be sent: %1</source>
        <translation>第一条消息将按如下内容发送：%1</translation>
    </message>
    <message>
        <source>The data set takes the study&apos;s protocol: %1</source>
        <translation>数据集采用研究的协议：%1</translation>
    </message>
    <message>
        <source>%1 instead of %2.</source>
        <translation>%1，而不是 %2。</translation>
    </message>
    <message>
        <source>%1 of turn %2 of conversation %3 was changed on two machines; kept the later edit (%4, machine %5).</source>
        <translation>对话 %3 轮次 %2 的 %1 在两台设备上被修改；已保留较晚的编辑（%4，设备 %5）。</translation>
    </message>
    <message>
        <source>%1 of conversation %2 was changed on two machines; kept the later edit (%3, machine %4).</source>
        <translation>对话 %2 的 %1 在两台设备上被修改；已保留较晚的编辑（%3，设备 %4）。</translation>
    </message>
    <message>
        <source>Cannot push a change of the unknown kind &quot;%1&quot;.</source>
        <translation>无法推送未知类型“%1”的更改。</translation>
    </message>
    <message>
        <source>%1 is not a participant&apos;s login on this study server.</source>
        <translation>%1 不是此研究服务器上的参与者登录名。</translation>
    </message>
    <message>
        <source>The study server holds no protocol.</source>
        <translation>研究服务器中没有协议。</translation>
    </message>
    <message>
        <source>The participant&apos;s assignment on this machine (%1) differs from the study server&apos;s (%2): took the server&apos;s, which every machine of the participant follows.</source>
        <translation>本设备上参与者的分配（%1）与研究服务器上的（%2）不同：已采用服务器的分配，参与者的每台设备都以它为准。</translation>
    </message>
    <message>
        <source>Another machine went on with conversation %1 from the same turn (turn %2 differs); this machine&apos;s turns must follow it.</source>
        <translation>另一台机器已从同一轮接续了对话 %1（第 %2 轮不同）；本机的各轮须排在其后。</translation>
    </message>
</context>
</TS>
