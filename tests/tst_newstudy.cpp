// File ▸ New study…: the dialog previews a protocol as participants will see it (the reply's
// scales, the conversation's, the forms, the consent) and creates a data set under it; a broken
// protocol file shows the loader's message and creates nothing.

#include "conversationpage.h"
#include "error.h"
#include "formview.h"
#include "guisupport.h"
#include "mainwindow.h"
#include "newstudydialog.h"
#include "ratingpanel.h"
#include "scaleselector.h"
#include "store.h"
#include "testsupport.h"
#include "turnpage.h"
#include "workspace.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>

using namespace sense7;

namespace {

Dimension sevenPoint(const QString &key, const QString &name, Level level)
{
    Dimension d;
    d.key = key;
    d.name = name;
    d.question = QStringLiteral("How much do you agree?");
    d.scaleMin = 1;
    d.scaleMax = 7;
    d.anchors = {{1, QStringLiteral("Strongly disagree")},
                 {4, QStringLiteral("Neither agree nor disagree")},
                 {7, QStringLiteral("Strongly agree")}};
    d.level = level;
    return d;
}

/** A 7-point perceived-empathy study with its own forms and consent. */
Protocol perceivedEmpathy()
{
    Instrument instrument;
    instrument.key = QStringLiteral("perceived_empathy");
    instrument.name = QStringLiteral("Perceived empathy");
    instrument.version = QStringLiteral("1");
    instrument.allowsNotApplicable = false;
    instrument.dimensions = {sevenPoint(QStringLiteral("reply_empathy"),
                                        QStringLiteral("This reply felt empathic"), Level::Turn),
                             sevenPoint(QStringLiteral("felt_understood"),
                                        QStringLiteral("I felt understood"), Level::Conversation),
                             sevenPoint(QStringLiteral("validated"),
                                        QStringLiteral("I felt validated"), Level::Conversation)};
    Protocol p;
    p.key = QStringLiteral("perceived_empathy");
    p.name = QStringLiteral("Perceived empathy");
    p.version = QStringLiteral("1");
    p.instruments = {instrument};
    p.context = forms::parse(R"({"key":"context","title":"About this conversation","fields":[
        {"key":"feelings","label":"What did you feel before?","type":"multiple_choice",
         "options":[{"value":"lonely","label":"Lonely"},{"value":"anxious","label":"Anxious"}]},
        {"key":"happened_on","label":"When was it?","type":"date"}]})",
                             QStringLiteral("context"));
    p.profile = forms::parse(R"({"key":"profile","title":"About you","fields":[
        {"key":"age","label":"Your age","type":"number","min":18,"max":99,"required":true}]})",
                             QStringLiteral("profile"));
    p.consent = QStringLiteral("Your answers are used only for this study.");
    return p;
}

} // namespace

class TestNewStudy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void offersShippedProtocols();
    void previewsSevenPointProtocol();
    void createsDataSetUnderProtocol();
    void createdDataSetCarriesProtocol();
    void brokenProtocolFileCreatesNothing();
    void escapeCancels();
    void studioOpensTheNewStudy();

private:
    QTemporaryDir m_dir;
};

void TestNewStudy::initTestCase()
{
    QVERIFY(m_dir.isValid());
    test::useOwnSettings(m_dir, QStringLiteral("tst_newstudy"));
}

void TestNewStudy::offersShippedProtocols()
{
    NewStudyDialog dialog;
    QCOMPARE(dialog.protocolBox()->count(), int(protocol::shippedKeys().size()));
    QCOMPARE(dialog.protocolBox()->itemText(0),
             protocol::shipped(protocol::shippedKeys().first()).displayName());
    // The first is shown from the start: SENSE-7's seven reply scales.
    QVERIFY(dialog.protocol());
    QCOMPARE(dialog.protocol()->key, protocol::shippedKeys().first());
    QCOMPARE(dialog.turnPage()->dimensionCount(),
             int(dialog.protocol()->primary().dimensionsAt(Level::Turn).size()));
    QVERIFY(dialog.createButton()->isEnabled());
    QVERIFY(dialog.errorLabel()->isHidden());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    test::keepScreenshot(&dialog, QStringLiteral("new-study-shipped.png"));
}

void TestNewStudy::previewsSevenPointProtocol()
{
    NewStudyDialog dialog;
    dialog.setProtocol(perceivedEmpathy());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));

    // The reply page: one 7-point scale with the rating panel's labels; its keys reach 7.
    TurnPage *page = dialog.turnPage();
    QCOMPARE(page->dimensionCount(), 1);
    ScaleSelector *scale = page->scale(0);
    QCOMPARE(scale->objectName(), QStringLiteral("scale_reply_empathy"));
    QCOMPARE(scale->accessibleName(), QStringLiteral("This reply felt empathic"));
    QCOMPARE(scale->toolTip(), QStringLiteral("How much do you agree?"));
    QVERIFY(scale->isEnabled());
    scale->setFocus();
    QTest::keyClick(scale, Qt::Key_8); // no eighth point
    QVERIFY(scale->value().isUndefined());
    QTest::keyClick(scale, Qt::Key_7);
    QCOMPARE(scale->value(), QJsonValue(7));
    QCOMPARE(scale->accessibleDescription(), QStringLiteral("7 of 7"));
    const auto labels = page->findChildren<QLabel *>();
    QVERIFY(std::any_of(labels.begin(), labels.end(), [](const QLabel *label) {
        return label->text() == QStringLiteral("1 of 1 rated"); // the count follows the scratch
    }));

    // The conversation's 7-point scales.
    const auto conversationScales = dialog.conversationPage()->findChildren<ScaleSelector *>();
    QCOMPARE(conversationScales.size(), 2);
    QVERIFY(dialog.conversationPage()->findChild<ScaleSelector *>(
        QStringLiteral("conversation_felt_understood")));
    conversationScales.first()->setFocus();
    QTest::keyClick(conversationScales.first(), Qt::Key_7);
    QCOMPARE(conversationScales.first()->value(), QJsonValue(7));

    // The forms' fields and the consent text.
    QVERIFY(dialog.contextForm()->fieldWidget(QStringLiteral("feelings")));
    QCOMPARE(dialog.contextForm()
                 ->fieldWidget(QStringLiteral("feelings"))
                 ->findChildren<QCheckBox *>()
                 .size(),
             2);
    QVERIFY(qobject_cast<QDateEdit *>(
        dialog.contextForm()->fieldWidget(QStringLiteral("happened_on"))));
    QVERIFY(dialog.profileForm()->fieldWidget(QStringLiteral("age")));
    QVERIFY(!dialog.contextForm()->fieldWidget(QStringLiteral("task_type"))); // not SENSE-7's
    QCOMPARE(dialog.consentView()->toPlainText(),
             QStringLiteral("Your answers are used only for this study."));
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("protocolSummary"))
                ->text()
                .contains(QStringLiteral("1–7")));

    test::keepScreenshot(&dialog, QStringLiteral("new-study-reply.png"));
    for (int tab : {1, 2, 4}) {
        dialog.previewTabs()->setCurrentIndex(tab);
        test::keepScreenshot(&dialog, QStringLiteral("new-study-tab%1.png").arg(tab));
    }
}

void TestNewStudy::createsDataSetUnderProtocol()
{
    NewStudyDialog dialog;
    dialog.setProtocol(perceivedEmpathy());
    const QString path = m_dir.filePath(QStringLiteral("empathy.sense7"));
    dialog.createAt(path);
    QCOMPARE(dialog.createdPath(), path);
    auto store = Store::open(path);
    const Protocol protocol = store->protocol();
    const Instrument *instrument = protocol.instrument(QStringLiteral("perceived_empathy"));
    QVERIFY(instrument);
    QCOMPARE(instrument->dimensionsAt(Level::Turn).size(), 1);
    QCOMPARE(instrument->dimensionsAt(Level::Turn).first().scaleMax, 7);
    QCOMPARE(instrument->dimensionsAt(Level::Conversation).size(), 2);

    // An existing data set is never overwritten.
    QVERIFY_THROWS_EXCEPTION(Error, dialog.createAt(path));
}

void TestNewStudy::createdDataSetCarriesProtocol()
{
    NewStudyDialog dialog;
    dialog.setProtocol(perceivedEmpathy());
    const QString path = m_dir.filePath(QStringLiteral("carries.sense7"));
    dialog.createAt(path);
    auto store = Store::open(path);
    QCOMPARE(store->protocol().key, QStringLiteral("perceived_empathy"));
    QVERIFY(store->protocol().context.field(QStringLiteral("feelings")));
}

void TestNewStudy::brokenProtocolFileCreatesNothing()
{
    NewStudyDialog dialog;
    const QString file = m_dir.filePath(QStringLiteral("broken.json"));
    test::writeFile(file,
                    "{\n  \"key\": \"mine\",\n  \"name\": \"Mine\"\n  \"instruments\": []\n}\n");
    QVERIFY(!dialog.loadFile(file));
    QVERIFY(!dialog.protocol());
    QVERIFY(dialog.errorLabel()->isVisibleTo(&dialog));
    const QString message = dialog.errorLabel()->text();
    QVERIFY2(message.contains(QStringLiteral("broken.json")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("broken.json:4:15:")), qPrintable(message));
    QCOMPARE(dialog.protocolBox()->currentText(), QStringLiteral("File: broken.json"));
    QVERIFY(!dialog.createButton()->isEnabled());
    QVERIFY(!dialog.previewTabs()->isEnabled());
    const QString path = m_dir.filePath(QStringLiteral("never.sense7"));
    QVERIFY_THROWS_EXCEPTION(Error, dialog.createAt(path));
    QVERIFY(!QFile::exists(path));
    QVERIFY(dialog.createdPath().isEmpty());
    test::keepScreenshot(&dialog, QStringLiteral("new-study-error.png"));

    // Choosing a shipped protocol again clears the problem.
    dialog.protocolBox()->setCurrentIndex(0);
    Q_EMIT dialog.protocolBox()->activated(0);
    QVERIFY(dialog.protocol());
    QVERIFY(dialog.errorLabel()->isHidden());
    QVERIFY(dialog.createButton()->isEnabled());
}

void TestNewStudy::escapeCancels()
{
    NewStudyDialog dialog;
    dialog.show();
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    QSignalSpy rejected(&dialog, &QDialog::rejected);
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget()
                                                : static_cast<QWidget *>(&dialog),
                    Qt::Key_Escape);
    QCOMPARE(rejected.size(), 1);
    QVERIFY(!dialog.isVisible());
    QVERIFY(dialog.createdPath().isEmpty());
}

void TestNewStudy::studioOpensTheNewStudy()
{
    MainWindow window;
    auto *action = window.findChild<QAction *>(QStringLiteral("newStudyAction"));
    QVERIFY(action);
    const QString path = m_dir.filePath(QStringLiteral("opened.sense7"));
    bool seen = false;
    QTimer::singleShot(0, &window, [&] {
        auto *dialog = qobject_cast<NewStudyDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        seen = true;
        dialog->setProtocol(perceivedEmpathy());
        dialog->createAt(path);
        dialog->accept();
    });
    action->trigger();
    QVERIFY(seen);
    QVERIFY(window.store());
    QCOMPARE(QFileInfo(window.store()->path()).canonicalFilePath(),
             QFileInfo(path).canonicalFilePath());
    // The studio rates with the new study's instrument: one 7-point reply scale.
    QCOMPARE(window.workspace()->panel()->dimensionCount(), 1);
    QCOMPARE(window.workspace()->panel()->scale(0)->objectName(),
             QStringLiteral("scale_reply_empathy"));
}

QTEST_MAIN(TestNewStudy)
#include "tst_newstudy.moc"
