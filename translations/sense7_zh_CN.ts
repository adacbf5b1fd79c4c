<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
        <source>Conversations</source>
        <translation>对话</translation>
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
        <source>You</source>
        <translation>你</translation>
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
        <source>Choose a conversation to read it here.</source>
        <translation>选择一个对话，在此阅读。</translation>
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
    <name>sense7::cli</name>
    <message>
        <source>Create a new, empty data set with the SENSE-7 instrument.</source>
        <translation>新建一个带有 SENSE-7 量表的空数据集。</translation>
    </message>
    <message>
        <source>The data set file to create.</source>
        <translation>要创建的数据集文件。</translation>
    </message>
    <message>
        <source>Fill it with the illustrative demo data.</source>
        <translation>填入示例演示数据。</translation>
    </message>
    <message>
        <source>Created %1: %2 participants, %3 conversations, %4 ratings.</source>
        <translation>已创建 %1：%2 名参与者，%3 个对话，%4 条评分。</translation>
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
        <source>Instrument:        %1 (%2 %3): %4</source>
        <translation>量表：        %1（%2 %3）：%4</translation>
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
        <source>type &quot;%1&quot; must be choice, scale, text or number</source>
        <translation>类型“%1”必须是 choice、scale、text 或 number</translation>
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
</context>
</TS>
